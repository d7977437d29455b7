import type { ConnectRouter } from '@connectrpc/connect';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Bus } from '../bus/index.ts';
import type { Config } from '../config.ts';
import type { Gateway } from '../socket/gateway.ts';
import type { Db } from '../storage/database.ts';
import type { Events } from './events.ts';

/**
 * The infrastructure every module may use, built once at start-up in app.ts.
 * What modules give each other (accounts, roles, games…) goes through their
 * APIs, wired in modules/index.ts.
 */
export interface ModuleContext {
  config: Config;
  db: Db;
  bus: Bus;
  gateway: Gateway;
  log: Logger;
  /** The domain-event hub (events.ts lists the events). */
  events: Events;
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
  /**
   * Refusals for a call whose body is over the API's request limit, by
   * request path ("/tessera.v1.Service/Method") → the catalogue message for a
   * body of that many bytes. Others get INVALID_REQUEST.
   */
  oversize?: Record<string, (bytes: number) => string>;
  /** Plain HTTP routes (downloads and the like), outside /api/. */
  http?(app: FastifyInstance): void;
  start?(): Promise<void>;
  stop?(): Promise<void>;
}

/**
 * What every module's `create<Name>Module(deps)` returns: the part the
 * server starts and stops, and the API other modules are given
 * (undefined for a module nobody asks anything of).
 */
export interface ModuleParts<Api = undefined> {
  module: ServerModule;
  api: Api;
}
