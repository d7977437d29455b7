import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { letterSet, letterSetForLexicon } from '@tessera/engine';
import { Movegen } from '@tessera/engine/ai';
import { COMMON_LEXICON, DEFAULT_LEXICON, ensureLexicons, loadLexicon } from '@tessera/lexica';
import { inParallel, Pair, Player, type Stats } from './load/clients.ts';
import { IdlePool } from './load/idle-pool.ts';
import { seedAccounts } from './load/seed.ts';
import { ClusterUnderLoad } from './load/cluster-under-load.ts';
import { ServerProcess } from './load/server-process.ts';
import { pgliteWorkerSetting } from '../src/config.ts';
import { createScratchDatabase, dropScratchDatabase } from '../src/storage/scratch-database.ts';

type Emit = (record: Record<string, unknown>) => void;

/**
 * The server under load (the acceptance figure: 5,000 sockets and 1,000
 * concurrent games on two cores, p99 move round trip under 100 ms).
 *
 * The server runs as `tessera serve` in a child process with PGlite in a temp
 * folder; this process is the load generator. Sizes come from the
 * environment:
 *   TESSERA_LOAD_SOCKETS   sockets held in all (default 5000); those not
 *                          playing are anonymous visitors on TESSERA_LOAD_IDLE_PATH
 *                          (default "/", the lobby)
 *   TESSERA_LOAD_GAMES     games in progress at once (default 1000; two player sockets each)
 *   TESSERA_LOAD_SECONDS   measuring time once every game has started (default 60)
 *   TESSERA_LOAD_THINK_MS  mean think time before each move (default 10000: faster than
 *                          people play, who take 30 s or more a move at 20 minutes a side)
 *   TESSERA_LOAD_PROBE_MS  lag probe interval per socket, as the web client (default 5000; 0 = none)
 *   TESSERA_LOAD_DATABASE_URL a PostgreSQL server to use instead of PGlite (a scratch
 *                          database is created on it and dropped afterwards)
 *   TESSERA_LOAD_NODES     server processes behind HAProxy (default 1: one process, no
 *                          balancer); more than one needs TESSERA_LOAD_DATABASE_URL and NATS_URL
 *   TESSERA_LOAD_START_PARALLEL games being requested at once while they start (default 20)
 *   TESSERA_LOAD_NODE_ARGS extra node flags for the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
 * Games are created through the lobby over the sockets (match request and
 * accept, then rematches), moves are the engine's best-scoring move sent as
 * CLIENT_GAMEPLAY_EVENT; a round trip ends when the mover's socket receives
 * the server's SERVER_GAMEPLAY_EVENT for it.
 */
export async function bench(emit: Emit): Promise<void> {
  const env = process.env;
  const num = (name: string, fallback: number) => {
    const v = Number(env[name] ?? fallback);
    if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number`);
    return v;
  };
  const sockets = num('TESSERA_LOAD_SOCKETS', 5000);
  const games = num('TESSERA_LOAD_GAMES', 1000);
  const seconds = num('TESSERA_LOAD_SECONDS', 60);
  const thinkMs = num('TESSERA_LOAD_THINK_MS', 10_000);
  const probeMs = num('TESSERA_LOAD_PROBE_MS', 5000);
  const idlePath = env.TESSERA_LOAD_IDLE_PATH ?? '/';
  const startParallel = Math.max(1, num('TESSERA_LOAD_START_PARALLEL', 20));
  const nodeArgs = (env.TESSERA_LOAD_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const postgres = env.TESSERA_LOAD_DATABASE_URL || undefined;
  const nodes = num('TESSERA_LOAD_NODES', 1);
  if (nodes > 1 && (!postgres || !env.NATS_URL))
    throw new Error('TESSERA_LOAD_NODES > 1 needs TESSERA_LOAD_DATABASE_URL and NATS_URL');
  const idleCount = Math.max(0, sockets - 2 * games);
  requireDescriptors(idleCount + 2 * games);
  const say = (line: string) => console.error(`[server-load] ${line}`);

  const lexica = join(tmpdir(), 'tessera-test-lexica');
  const lexicons = [DEFAULT_LEXICON, COMMON_LEXICON];
  await ensureLexicons({ dataDir: lexica, lexiconDir: join(lexica, 'none'), builtins: lexicons });
  const set = letterSet(letterSetForLexicon(DEFAULT_LEXICON));
  const movegen = new Movegen(loadLexicon(DEFAULT_LEXICON), set, 'CrosswordGame');

  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-load-'));
  let server: ServerProcess | ClusterUnderLoad | undefined;
  let idle: IdlePool | undefined;
  const players: Player[] = [];
  const pairs: Pair[] = [];
  let prober: NodeJS.Timeout | undefined;
  const databaseUrl = postgres && (await createScratchDatabase(postgres, 'tessera_load'));
  const metricsToken = randomBytes(16).toString('hex');
  try {
    let t = performance.now();
    const since = () => {
      const s = (performance.now() - t) / 1000;
      t = performance.now();
      return Number(s.toFixed(1));
    };
    const users = await seedAccounts(dataDir, 2 * games, databaseUrl);
    const seedSec = since();
    say(`${users.length} accounts seeded in ${seedSec} s`);

    const serverEnv = {
      DATA_DIR: dataDir,
      LEXICA_CACHE_DIR: lexica,
      LEXICONS: lexicons.join(','),
      SECRET_KEY: randomBytes(24).toString('hex'),
      LOG_LEVEL: 'warn',
      // For the event-loop delay of the measurement (one process only).
      METRICS_TOKEN: metricsToken,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    server =
      nodes > 1
        ? await ClusterUnderLoad.start(
            nodes,
            {
              ...serverEnv,
              NATS_URL: env.NATS_URL!,
              NATS_PREFIX: `tessera-load-${randomBytes(4).toString('hex')}`,
            },
            nodeArgs,
          )
        : await ServerProcess.start(serverEnv, nodeArgs);
    const startSec = since();
    say(`server up at ${server.url} in ${startSec} s`);

    idle = await IdlePool.open({ url: server.url, path: idlePath, count: idleCount, probeMs });
    const idleSec = since();
    say(`${idle.count} idle sockets in ${idleSec} s`);

    await inParallel(users.length, 50, async (i) => {
      players[i] = await Player.open(server!.url, users[i].username, users[i].cookie);
    });
    const playerSec = since();
    say(`${players.length} player sockets in ${playerSec} s`);

    const stats: Stats = {
      rtts: [],
      measuring: false,
      movesSent: 0,
      gamesStarted: 0,
      gamesFinished: 0,
      errors: new Map(),
    };
    const options = { lexicon: DEFAULT_LEXICON, set, movegen, thinkMs, stats };
    for (let i = 0; i < games; i++)
      pairs.push(new Pair(players[2 * i], players[2 * i + 1], options));

    if (probeMs > 0) {
      // The web client's lag probe, spread evenly over the interval (the
      // idle sockets' own thread probes them).
      const all: { probe(): void }[] = [...players];
      const TICK_MS = 100;
      const perTick = Math.ceil((all.length * TICK_MS) / probeMs);
      let at = 0;
      prober = setInterval(() => {
        for (let k = 0; k < perTick && all.length > 0; k++) all[at++ % all.length].probe();
      }, TICK_MS);
    }

    await inParallel(pairs.length, startParallel, async (i) => {
      pairs[i].requestGame();
      await pairs[i].started;
    });
    const matchSec = since();
    say(`${games} games started through the lobby in ${matchSec} s`);

    const single = server instanceof ServerProcess ? server : undefined;
    // A first scrape starts the event-loop delay's histogram afresh.
    await single?.loopDelay(metricsToken);
    const cpu0 = server.cpuSeconds();
    const balancer0 = server instanceof ClusterUnderLoad ? server.balancerCpuSeconds() : 0;
    const self0 = process.cpuUsage();
    // The load generator's own loop: a round trip it measures late is its delay, not the server's.
    const ownLoop = monitorEventLoopDelay({ resolution: 10 });
    ownLoop.enable();
    const moves0 = stats.movesSent;
    const finished0 = stats.gamesFinished;
    stats.measuring = true;
    const start = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const elapsed = (performance.now() - start) / 1000;
    stats.measuring = false;
    ownLoop.disable();
    const serverCpu = server.cpuSeconds() - cpu0;
    const balancerCpu =
      server instanceof ClusterUnderLoad ? server.balancerCpuSeconds() - balancer0 : 0;
    const self = process.cpuUsage(self0);
    const sent = stats.movesSent - moves0;
    const idleStats = await idle.stats();
    const held = idleStats.held + players.filter((p) => !p.closed).length;
    const loop = (await single?.loopDelay(metricsToken)) ?? null;
    const health = await server.health();

    const rtts = Float64Array.from(stats.rtts).sort();
    const pct = (q: number) =>
      rtts.length
        ? Number(rtts[Math.min(rtts.length - 1, Math.floor(q * rtts.length))].toFixed(1))
        : null;
    emit({
      bench: 'server-load.setup',
      accounts: users.length,
      seedSec,
      serverStartSec: startSec,
      idleSockets: idle.count,
      idleConnectSec: idleSec,
      playerSockets: players.length,
      playerConnectSec: playerSec,
      gamesStartedSec: matchSec,
      startParallel,
    });
    emit({
      bench: 'server-load',
      sockets: held,
      serverSockets: health.sockets ?? health.status ?? null,
      games,
      seconds: Number(elapsed.toFixed(1)),
      thinkMs,
      storage: databaseUrl ? 'postgres' : 'pglite',
      pgliteWorker: !databaseUrl && pgliteWorkerSetting(env.PGLITE_WORKER),
      nodes,
      movesSent: sent,
      moves: rtts.length,
      movesPerSec: Math.round(rtts.length / elapsed),
      p50Ms: pct(0.5),
      p90Ms: pct(0.9),
      p99Ms: pct(0.99),
      maxMs: rtts.length ? Number(rtts[rtts.length - 1].toFixed(1)) : null,
      gamesFinished: stats.gamesFinished - finished0,
      serverCpuPct: Math.round((100 * serverCpu) / elapsed),
      serverCpuMsPerMove: rtts.length
        ? Number(((1000 * serverCpu) / rtts.length).toFixed(2))
        : null,
      balancerCpuPct: Math.round((100 * balancerCpu) / elapsed),
      loadCpuPct: Math.round((100 * (self.user + self.system)) / 1e6 / elapsed),
      serverRssMiB: server.rssMiB(),
      // The server's event-loop delay over the measurement (PGLITE_WORKER, decision 0155).
      loopDelayMeanMs: loop?.meanMs ?? null,
      loopDelayP99Ms: loop?.p99Ms ?? null,
      loopDelayMaxMs: loop?.maxMs ?? null,
      loadLoopDelayP99Ms: Number((ownLoop.percentile(99) / 1e6).toFixed(1)),
      loadLoopDelayMaxMs: Number((ownLoop.max / 1e6).toFixed(1)),
      idleMessages: idleStats.received,
      errors: Object.fromEntries(stats.errors),
    });
  } catch (e) {
    if (server) say(`server output:\n${server.output()}`);
    throw e;
  } finally {
    clearInterval(prober);
    for (const p of pairs) p.stop();
    for (const p of players) p?.close();
    await idle?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropScratchDatabase(postgres!, databaseUrl);
  }
}

/** Each socket is a file descriptor on both ends; the soft limit must allow them all here. */
function requireDescriptors(sockets: number): void {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const m = /Max open files\s+(\d+|unlimited)/.exec(limits);
  const soft = !m || m[1] === 'unlimited' ? Infinity : Number(m[1]);
  const needed = sockets + 256;
  if (soft < needed) {
    throw new Error(
      `${sockets} sockets need about ${needed} file descriptors per process; the limit is ${soft}. ` +
        `Raise it first (ulimit -n ${needed}) or lower TESSERA_LOAD_SOCKETS.`,
    );
  }
}
