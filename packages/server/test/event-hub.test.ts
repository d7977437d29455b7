import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventHub } from '../src/events/hub.ts';
import { openDatabase, type Database } from '../src/storage/database.ts';

/**
 * An in-transaction subscriber publishes what it changed on the publisher's
 * transaction: delivered after the commit, after the event that caused it,
 * and never when the transaction rolls back (decision 0111).
 */
interface Events {
  'order.placed': { id: string };
  'stock.reserved': { id: string };
}

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await sql`CREATE TABLE reservations (id text PRIMARY KEY)`.execute(database.db);
});
afterAll(() => database.close());

/** A hub whose stock subscriber reserves in the order's transaction and publishes that. */
function shop() {
  const hub = new EventHub<Events>();
  const delivered: string[] = [];
  hub.inTransaction('order.placed', 'stock', async ({ id }, tx, publish) => {
    await sql`INSERT INTO reservations (id) VALUES (${id})`.execute(tx);
    await publish('stock.reserved', { id });
  });
  hub.afterCommit('order.placed', 'test', ({ id }) => {
    delivered.push(`placed ${id}`);
  });
  hub.afterCommit('stock.reserved', 'test', async ({ id }) => {
    // Seen from outside the transaction: it has committed.
    const rows = await sql`SELECT id FROM reservations WHERE id = ${id}`.execute(database.db);
    delivered.push(`reserved ${id} (${rows.rows.length ? 'stored' : 'not stored'})`);
  });
  return { hub, delivered };
}

describe('the event hub', () => {
  it("delivers an in-transaction subscriber's event after the commit, after its cause", async () => {
    const { hub, delivered } = shop();
    await hub.transaction(database.db, async (_tx, publish) => {
      await publish('order.placed', { id: 'o1' });
      expect(delivered).toEqual([]);
    });
    expect(delivered).toEqual(['placed o1', 'reserved o1 (stored)']);
  });

  it("drops an in-transaction subscriber's event when the transaction rolls back", async () => {
    const { hub, delivered } = shop();
    const placing = hub.transaction(database.db, async (_tx, publish) => {
      await publish('order.placed', { id: 'o2' });
      throw new Error('the order is refused after all');
    });
    await expect(placing).rejects.toThrow('refused after all');
    expect(delivered).toEqual([]);
    const rows = await sql`SELECT id FROM reservations WHERE id = 'o2'`.execute(database.db);
    expect(rows.rows).toEqual([]);
  });
});
