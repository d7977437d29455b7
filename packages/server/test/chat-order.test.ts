import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { chatMigrations } from '../src/modules/chat/chat.ts';
import { openDatabase } from '../src/storage/database.ts';
import { migrate } from '../src/storage/migrate.ts';

describe('chat line order', () => {
  it('orders lines whose clock ties by when they were stored, lines from before the sequence too', async () => {
    const { db, close } = await openDatabase({ dataDir: 'memory://' });
    try {
      // A database from before the sequence, with two lines in the same tick.
      await migrate(db, [{ module: 'chat', migrations: chatMigrations.slice(0, 1) }]);
      const line = (id: string, at: string) =>
        sql`INSERT INTO chat_messages (id, channel, sender_id, sender, message, created_at)
          VALUES (${id}, 'chat.lobby', 'u1', 'ann', ${id}, ${at}::timestamptz)`.execute(db);
      const tick = '2026-11-25T00:00:00Z';
      await line('a', tick);
      await line('b', tick);
      await line('early', '2026-11-24T23:59:59Z');
      await migrate(db, [{ module: 'chat', migrations: chatMigrations }]);
      // Lines after it in the same tick come after every older line.
      await line('c', tick);
      await line('d', tick);
      const rows = await db
        .withTables<{ chat_messages: { id: string; seq: number } }>()
        .selectFrom('chat_messages')
        .select('id')
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => r.id)).toEqual(['early', 'a', 'b', 'c', 'd']);
    } finally {
      await close();
    }
  });
});
