import { DEFAULT_LEXICON } from '@tessera/lexica';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, startTestServer, useTestServer } from './harness.ts';
import { codeOf, puzzleCall as call } from './puzzle-helpers.ts';

/**
 * Puzzle generation jobs (docs/product/community.md §3): who may start them,
 * what a request must hold, the logs admins read, and jobs that outlive a
 * restart of the server.
 */
const KEY = 'puzzle-key-for-tests';
const server = useTestServer({ puzzleSecretKey: KEY });
let admin: Awaited<ReturnType<typeof registerUser>>;

interface JobLog {
  id: string;
  completedAt?: string;
  fulfilled?: boolean;
  errorStatus?: string;
  puzzlesCreated?: number;
  gamesConsidered?: number;
  request: { lexicon: string; buckets?: { size: number }[] };
}

beforeAll(async () => {
  admin = await registerUser(server);
  await server.core.roles.grant(admin.userId, 'Admin');
});

const today = () => new Date().toISOString().slice(0, 10);
/** Stored games from today on: nothing to read yet, so the job ends at once. */
const quickJob = (extra: object = {}) => ({
  botVsBot: false,
  lexicon: DEFAULT_LEXICON,
  startDate: today(),
  buckets: [{ size: 5 }],
  ...extra,
});

async function logs(offset = 0, limit = 0, srv = server) {
  const r = await call<{ logs?: JobLog[] }>(
    srv,
    'GetPuzzleJobLogs',
    { offset, limit },
    admin.cookie,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.logs ?? [];
}

function until<T>(what: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await what();
      if (v === undefined) throw new Error('not yet');
      return v;
    },
    { timeout: ms, interval: 200 },
  );
}

describe('puzzle generation jobs', () => {
  it('needs the admin permission or the secret key', async () => {
    const user = await registerUser(server);
    const start = (body: object, cookie?: string) =>
      call(server, 'StartPuzzleGenJob', body, cookie);
    expect(codeOf(await start({ request: quickJob() }))).toBe(1084);
    expect(codeOf(await start({ request: quickJob() }, user.cookie))).toBe(1084);
    expect(codeOf(await start({ secretKey: 'wrong', request: quickJob() }, user.cookie))).toBe(
      1084,
    );
    expect(codeOf(await start({ secretKey: KEY.slice(1), request: quickJob() }))).toBe(1084);
    const byKey = await start({ secretKey: KEY, request: quickJob() });
    expect(byKey.status, JSON.stringify(byKey.body)).toBe(200);
    const byAdmin = await start({ request: quickJob() }, admin.cookie);
    expect(byAdmin.status).toBe(200);
    // Only admins read the logs.
    expect(codeOf(await call(server, 'GetPuzzleJobLogs', {}, user.cookie))).toBe(1002);
    expect(codeOf(await call(server, 'GetPuzzleJobLogs', {}))).toBe(1001);
  });

  it('refuses requests that cannot run, with their codes', async () => {
    const start = (request: object) => call(server, 'StartPuzzleGenJob', { request }, admin.cookie);
    const missing = await start(quickJob({ buckets: [{ size: 0 }] }));
    expect(codeOf(missing)).toBe(1083);
    expect(missing.error).toBe('Invalid puzzle job: Missing bucket size');
    expect(codeOf(await start(quickJob({ buckets: [] })))).toBe(1083);
    expect(codeOf(await start(quickJob({ startDate: 'yesterday' })))).toBe(1083);
    expect(codeOf(await start(quickJob({ gameConsiderationLimit: -5 })))).toBe(1083);
    expect(codeOf(await start(quickJob({ letterDistribution: 'klingon' })))).toBe(1087);
    expect(codeOf(await start(quickJob({ lexicon: 'NOSUCHLEX' })))).toBe(1085);
    expect(codeOf(await start(quickJob({ buckets: [{ size: 3, includes: [99] }] })))).toBe(1086);
    expect(codeOf(await call(server, 'StartPuzzleGenJob', {}, admin.cookie))).toBe(1083);
  });

  it('lists job logs newest first, 20 a page, with the request and the defaults filled in', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await call<{ jobId: string }>(
        server,
        'StartPuzzleGenJob',
        { request: quickJob({ buckets: [{ size: i + 1 }] }) },
        admin.cookie,
      );
      ids.push(r.body.jobId);
    }
    const first = await logs();
    expect(first).toHaveLength(20);
    expect(first[0].id).toBe(ids[20]);
    expect(first[0].request.buckets?.[0].size).toBe(21);
    expect(first[0].request).toMatchObject({
      lexicon: DEFAULT_LEXICON,
      letterDistribution: 'english',
      gameConsiderationLimit: 6000,
      equityLossTotalLimit: 150,
      daysPerChunk: 1,
    });
    const second = await logs(20);
    expect(second.map((l) => l.id)).toContain(ids[0]);
    expect(codeOf(await call(server, 'GetPuzzleJobLogs', { limit: 21 }, admin.cookie))).toBe(1088);
    expect(codeOf(await call(server, 'GetPuzzleJobLogs', { offset: -1 }, admin.cookie))).toBe(1088);
    // Nothing to read from today on: each job completes, unfulfilled, without error.
    const done = await until(async () => {
      const l = (await logs()).find((x) => x.id === ids[20]);
      return l?.completedAt ? l : undefined;
    });
    expect(done.fulfilled ?? false).toBe(false);
    expect(done.puzzlesCreated ?? 0).toBe(0);
    expect(done.errorStatus ?? '').toBe('');
  });

  it('carries a bot-game job on across a restart, without starting over', async () => {
    // More than one chunk can make (at most 50 bot games, about one puzzle each without the
    // simulation check), so the job is still running when the first puzzles are stored. Two
    // chunks are enough to show it, and keep the test's CPU time down on a busy machine.
    const target = 100;
    const jobId = await server.services.puzzles.startJob(
      { lexicon: DEFAULT_LEXICON, buckets: [{ size: target }], simulate: false, seed: 7 },
      admin.userId,
    );
    const partway = await until(async () => {
      const l = (await logs()).find((x) => x.id === jobId);
      return l && (l.puzzlesCreated ?? 0) > 0 ? l : undefined;
    });
    expect(partway.completedAt ?? '').toBe('');
    await server.restart();
    const after = await until(async () => {
      const l = (await logs()).find((x) => x.id === jobId);
      return l?.completedAt ? l : undefined;
    }, 200_000);
    expect(after).toMatchObject({ fulfilled: true, puzzlesCreated: target });
    expect(after.gamesConsidered).toBeGreaterThanOrEqual(partway.gamesConsidered ?? 0);
    expect(await server.services.puzzles.count(DEFAULT_LEXICON)).toBe(target);
  }, 300_000);
});

describe('a fresh install', () => {
  it('generates a starter set for the default lexicon by itself', async () => {
    const fresh = await startTestServer({ puzzleStarter: true });
    try {
      const u = await registerUser(fresh);
      const id = await until(async () => {
        const r = await call<{ puzzleId: string }>(
          fresh,
          'GetNextClosestRatingPuzzleId',
          { lexicon: DEFAULT_LEXICON },
          u.cookie,
        );
        return r.status === 200 ? r.body.puzzleId : undefined;
      }, 120_000);
      const p = await call(fresh, 'GetPuzzle', { puzzleId: id }, u.cookie);
      expect(p.status).toBe(200);
    } finally {
      await fresh.dispose();
    }
  }, 180_000);
});
