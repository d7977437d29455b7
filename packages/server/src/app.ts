import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageType } from '@tessera/protocol';
import { sql } from 'kysely';
import { openBus, type Bus } from './bus/index.ts';
import { type Config, type ConfigOverrides, loadConfig } from './config.ts';
import { createHttpServer } from './http/server.ts';
import { type Accounts, verifySocketToken } from './modules/auth/index.ts';
import { createEvents, type Events } from './modules/events.ts';
import type { Mailer } from './modules/mail/index.ts';
import {
  type AccountModules,
  createAccountModules,
  createModules,
  MIGRATIONS,
  type Services,
} from './modules/index.ts';
import type { Roles } from './modules/roles/index.ts';
import pino, { type Logger } from 'pino';
import { registerCoreHandlers } from './socket/core-handlers.ts';
import { Gateway } from './socket/gateway.ts';
import { type Database, openDatabase } from './storage/database.ts';
import { migrate } from './storage/migrate.ts';
import { listenForMetrics, publicMetricsRoute } from './metrics/endpoint.ts';
import { Metrics } from './metrics/metrics.ts';

export const DEFAULT_WEB_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The storage-level services, without HTTP: what the CLI's admin commands need. */
export interface Core {
  config: Config;
  database: Database;
  accounts: Accounts;
  roles: Roles;
  mailer: Mailer;
  /** The modules above, as modules/index.ts wires them into the server. */
  accountModules: AccountModules;
  log: Logger;
  close(): Promise<void>;
}

export async function openCore(overrides: ConfigOverrides = {}): Promise<Core> {
  const config = loadConfig(process.env, overrides);
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({
    ...config,
    // A pooled connection the server drops (restart, admin command) is replaced, not fatal.
    onIdleError: (err) => log.warn({ err }, 'database connection lost'),
  });
  await migrate(database.db, MIGRATIONS);
  const accountModules = createAccountModules({ db: database.db, config });
  return {
    config,
    database,
    accounts: accountModules.auth.api.accounts,
    roles: accountModules.roles.api.roles,
    mailer: accountModules.mail.api,
    accountModules,
    log,
    close: () => database.close(),
  };
}

export interface RunningServer {
  url: string;
  port: number;
  config: Config;
  core: Core;
  bus: Bus;
  gateway: Gateway;
  /** The domain-event hub (tests subscribe to it). */
  events: Events;
  services: Services;
  metrics: Metrics;
  /** The metrics' own port's address (METRICS_PORT), when there is one. */
  metricsUrl?: string;
  close(): Promise<void>;
}

export interface StartOptions extends ConfigOverrides {
  /** The built web app; defaults to packages/web/dist. */
  webDist?: string;
}

/** Opens storage, runs migrations, wires the modules and listens. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const { webDist, ...overrides } = opts;
  const core = await openCore(overrides);
  const { config, log } = core;
  // Late-bound: the gauges read the gateway and the game module made below.
  let sources: { gateway?: Gateway; services?: Services } = {};
  const metrics = new Metrics(
    {
      sockets: () => sources.gateway?.localCount() ?? 0,
      realms: () => sources.gateway?.realmCount() ?? 0,
      gamesInProgress: () => sources.services?.games.inProgressCount() ?? Promise.resolve(0),
    },
    config.metricsCounting,
  );
  const openedBus = await openBus(config.natsUrl, config.natsPrefix);
  const bus = config.metricsCounting ? metrics.countBus(openedBus) : openedBus;
  const moveSeconds = {
    accepted: metrics.moveSeconds.labels('accepted'),
    refused: metrics.moveSeconds.labels('refused'),
  };
  const gateway = new Gateway({
    bus,
    log,
    serverVersion: config.frontEndVersion,
    trustProxy: config.trustProxy,
    socketsPerAddress: config.socketsPerAddress,
    socketsPerUser: config.socketsPerUser,
    onHandled(type, seconds, refused) {
      if (!config.metricsCounting) return;
      if (type === MessageType.CLIENT_GAMEPLAY_EVENT)
        (refused ? moveSeconds.refused : moveSeconds.accepted).observe(seconds);
    },
    authenticate(token) {
      const claims = verifySocketToken(token, config.secretKey);
      if (!claims) return undefined;
      return {
        userId: claims.uid,
        username: claims.unn,
        perms: claims.perms,
        anonymous: !claims.uid,
      };
    },
    async credentialsCurrent(token) {
      const claims = verifySocketToken(token, config.secretKey);
      if (!claims?.uid || typeof claims.gen !== 'number') return false;
      return core.accountModules.auth.api.accounts.credentialsCurrent(claims.uid, claims.gen);
    },
  });
  registerCoreHandlers(gateway);
  const db = core.database.db;
  const events = createEvents(log);
  events.onTransaction = (seconds, committed, changes) => {
    if (!config.metricsCounting) return;
    metrics.transactionSeconds.labels(committed ? 'committed' : 'rolled_back').observe(seconds);
    if (committed) metrics.batchSize.observe(changes);
  };
  const processId = randomUUID();
  const { modules, services } = createModules(
    { config, db, bus, gateway, log, events, processId },
    core.accountModules,
  );
  sources = { gateway, services };

  const http = await createHttpServer({
    log,
    trustProxy: config.trustProxy,
    imageHosts: config.imageHosts,
    limits: {
      requestTimeoutMs: config.requestTimeoutMs,
      headersTimeoutMs: config.headersTimeoutMs,
      idleTimeoutMs: config.idleTimeoutMs,
      connectionsPerAddress: config.connectionsPerAddress,
    },
    routes: (router) => {
      for (const m of modules) m.routes?.(router);
    },
    oversize: Object.assign({}, ...modules.map((m) => m.oversize ?? {})),
    http: (app) => {
      for (const m of modules) m.http?.(app);
      publicMetricsRoute(app, metrics, config.metricsToken);
    },
    webDist: webDist ?? DEFAULT_WEB_DIST,
    health: async () => {
      await sql`SELECT 1`.execute(db);
      return {
        database: core.database.kind,
        bus: bus.kind,
        sockets: [...gateway.localConnections()].length,
        process: processId,
      };
    },
  });
  gateway.attach(http.server);
  for (const m of modules) await m.start?.();
  await http.listen({ port: config.port, host: config.host });
  const address = http.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await listenForMetrics(metrics, {
          port: config.metricsPort,
          host: config.host,
          token: config.metricsToken,
        });
  const metricsAddress = metricsServer?.address();

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    config,
    core,
    bus,
    gateway,
    events,
    services,
    metrics,
    metricsUrl:
      typeof metricsAddress === 'object' && metricsAddress
        ? `http://127.0.0.1:${metricsAddress.port}`
        : undefined,
    close() {
      // Stop taking work first, then let what is in flight finish, then storage.
      closing ??= (async () => {
        log.info('shutting down: sockets');
        await gateway.close();
        log.info('shutting down: http');
        await http.close();
        if (metricsServer) {
          metricsServer.closeAllConnections();
          await new Promise((r) => metricsServer.close(r));
        }
        for (const m of [...modules].reverse()) {
          log.info(`shutting down: ${m.name}`);
          await m.stop?.();
        }
        log.info('shutting down: bus and storage');
        await bus.close();
        await core.close();
        log.info('shut down');
      })();
      return closing;
    },
  };
}
