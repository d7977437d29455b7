import type { ConnectRouter } from '@connectrpc/connect';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Bus } from '../bus/index.ts';
import type { Config } from '../config.ts';
import type { Gateway } from '../socket/gateway.ts';
import type { Db } from '../storage/database.ts';
import type { Accounts, SessionResolver } from './auth/index.ts';
import type { Events } from './events.ts';
import type { Mailer } from './mail/index.ts';
import type { Access, Roles } from './roles/index.ts';

/** What every module may use; built once at start-up in app.ts. */
export interface ModuleContext {
  config: Config;
  db: Db;
  bus: Bus;
  gateway: Gateway;
  accounts: Accounts;
  sessions: SessionResolver;
  roles: Roles;
  mailer: Mailer;
  log: Logger;
  /** The domain-event hub (events.ts lists the events). */
  events: Events;
  /** `requirePermission(ctx, perm)` for every service. */
  access: Access;
  /** This server process, as liveness, presence and real-time seeks name it. */
  processId: string;
}

/**
 * A server module: a domain folder that owns its tables (migrations listed in
 * modules/index.ts), registers its RPC services and socket handlers, and may
 * run background work between start and stop. Other modules see only what
 * its index.ts exports (an ESLint rule holds this).
 */
export interface ServerModule {
  name: string;
  routes?(router: ConnectRouter): void;
  /** Plain HTTP routes (downloads and the like), outside /api/. */
  http?(app: FastifyInstance): void;
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
