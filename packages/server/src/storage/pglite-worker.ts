/**
 * The thread that owns PGlite when PGLITE_WORKER is on (decision 0155).
 * PGlite's statements run here, so the main thread's sockets and HTTP are
 * never blocked by one. Requests are answered strictly in the order they
 * came; which borrower may send them is the main thread's pool's business
 * (pglite-pool.ts), exactly as when PGlite runs on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import {
  errorData,
  PGLITE_PARSERS,
  type PgliteReply,
  type PgliteRequest,
  type PgliteResult,
  type PgliteThreadData,
} from './pglite-protocol.ts';

const port = parentPort!;
const { dir } = workerData as PgliteThreadData;
const post = (reply: PgliteReply) => port.postMessage(reply);

/** The column list stays behind: nothing reads it, and it would be cloned with every answer. */
const plain = (r: PgliteResult): PgliteResult => ({
  rows: r.rows,
  command: r.command,
  rowCount: r.rowCount,
  affectedRows: r.affectedRows,
});

let tail: Promise<void> = Promise.resolve();
/**
 * A BEGIN sent with a statement failed: the statements sent after it
 * belong to a transaction that never opened, and are refused with its
 * error until the pool ends it (ROLLBACK, or COMMIT).
 */
let unopened: unknown;

try {
  const pglite = await PGlite.create(dir, { parsers: PGLITE_PARSERS });
  port.on('message', (m: PgliteRequest) => {
    tail = tail.then(() => answer(pglite, m));
  });
  post({ id: 0, done: true });
} catch (e) {
  post({ id: 0, error: errorData(e) });
  port.close();
}

async function answer(pglite: PGlite, m: PgliteRequest): Promise<void> {
  try {
    if (m.op === 'query' && unopened !== undefined && m.sql !== 'rollback') {
      // A COMMIT ends it too, refused: it would store nothing.
      const error = unopened;
      if (m.sql === 'commit') unopened = undefined;
      post({ id: m.id, error: errorData(error) });
    } else if (m.op === 'query') {
      if (m.sql === 'rollback') unopened = undefined;
      if (m.begin) {
        try {
          await pglite.query('begin');
        } catch (e) {
          unopened = e;
          throw e;
        }
      }
      post({ id: m.id, result: plain(await pglite.query(m.sql, m.params)) });
    } else if (m.op === 'exec') {
      post({ id: m.id, results: (await pglite.exec(m.sql)).map(plain) });
    } else {
      await pglite.close();
      post({ id: m.id, done: true });
    }
  } catch (e) {
    post({ id: m.id, error: errorData(e) });
  }
}
