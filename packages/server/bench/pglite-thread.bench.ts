import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '../src/storage/database.ts';

type Emit = (record: Record<string, unknown>) => void;

/**
 * What a statement costs the main thread with PGlite on it and on a worker
 * thread of ours (PGLITE_WORKER, decision 0155): 2,000 one-row inserts with
 * a JSON document and 500 lookups by id, one after another, on an in-memory
 * database, twice in each mode alternately. `mainUsPerStatement` is the main
 * thread's busy time (event-loop utilisation), `wallUsPerStatement` the
 * time a caller waits.
 */
export async function bench(emit: Emit): Promise<void> {
  const inserts = Number(process.env.TESSERA_PGLITE_THREAD_BENCH_INSERTS ?? 2000);
  for (const pgliteWorker of [false, true, false, true]) {
    const d = await openDatabase({ dataDir: 'memory://', pgliteWorker });
    try {
      const doc = (i: number) => JSON.stringify({ i, text: 'x'.repeat(50) });
      await sql`CREATE TABLE e (id int, doc jsonb)`.execute(d.db);
      for (let i = 0; i < 300; i++) await sql`INSERT INTO e VALUES (${i}, ${doc(i)})`.execute(d.db);
      const statements = inserts + inserts / 4;
      const busy0 = performance.eventLoopUtilization();
      const t0 = performance.now();
      for (let i = 0; i < inserts; i++)
        await sql`INSERT INTO e VALUES (${i}, ${doc(i)})`.execute(d.db);
      for (let i = 0; i < inserts / 4; i++)
        await sql`SELECT * FROM e WHERE id = ${i % 300}`.execute(d.db);
      const wall = performance.now() - t0;
      const busy = performance.eventLoopUtilization(busy0);
      emit({
        bench: 'storage.pglite-thread',
        pgliteWorker,
        statements,
        wallUsPerStatement: Number(((1000 * wall) / statements).toFixed(1)),
        mainUsPerStatement: Number(((1000 * busy.active) / statements).toFixed(1)),
      });
    } finally {
      await d.close();
    }
  }
}
