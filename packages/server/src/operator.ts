import { randomUUID } from 'node:crypto';
import type { Core } from './app.ts';
import { type Bus, openBus } from './bus/index.ts';
import { createEvents } from './modules/events.ts';
import { createModules, type Services } from './modules/index.ts';
import { Gateway } from './socket/gateway.ts';

/** The modules' services without HTTP, sockets or background work: for operator commands. */
export interface OperatorServices {
  services: Services;
  /**
   * Does what this process publishes reach running servers? Only through
   * NATS (NATS_URL): without it the bus is this process's own.
   */
  reachesServers: boolean;
  close(): Promise<void>;
}

/**
 * Wires every module as the server does (modules/index.ts) on an open core,
 * but starts none of them: no listener, no scheduler loop, no timers. What
 * the services write goes to the database the servers read, a job they
 * schedule runs on a server, and what they publish (a suspended user's
 * sockets closed, a notice) goes over the bus, which reaches the servers
 * when it is NATS.
 */
export async function openOperatorServices(core: Core): Promise<OperatorServices> {
  const { config, log } = core;
  const bus: Bus = await openBus(config.natsUrl, config.natsPrefix);
  const gateway = new Gateway({
    bus,
    log,
    serverVersion: config.frontEndVersion,
    socketsPerAddress: config.socketsPerAddress,
    socketsPerUser: config.socketsPerUser,
    // It never accepts a socket: it only publishes.
    authenticate: () => undefined,
  });
  const { services } = createModules(
    {
      config,
      db: core.database.db,
      bus,
      gateway,
      log,
      events: createEvents(log),
      processId: randomUUID(),
    },
    core.accountModules,
  );
  return {
    services,
    reachesServers: bus.kind === 'nats',
    async close() {
      await gateway.close();
      await bus.close();
    },
  };
}
