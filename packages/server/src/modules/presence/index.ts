import type { Logger } from 'pino';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import type { Events } from '../events.ts';
import type { ModuleParts } from '../module.ts';
import { Presence } from './presence.ts';

export { OPPONENT_BACK, OPPONENT_LEFT, presenceMigrations } from './presence.ts';

/** The presence module's face: who is in which realm, on any process. */
export interface PresenceApi {
  /** The users among `userIds` with a live socket anywhere. */
  online(userIds: string[]): Promise<Set<string>>;
}

/** Reacts to (after commit): process.gone, to announce the dead process's sockets as gone. */
export function createPresenceModule(deps: {
  db: Db;
  gateway: Gateway;
  log: Logger;
  events: Events;
  processId: string;
  /** Signed-in users above which a realm is counted, not named (decision 0156). */
  namedMax?: number;
}): ModuleParts<PresenceApi> {
  const presence = new Presence(deps.db, deps.gateway, deps.log, deps.processId, deps.namedMax);
  deps.events.afterCommit('process.gone', 'presence', ({ processId }) =>
    presence.processGone(processId),
  );
  return {
    module: { name: 'presence', stop: () => presence.stop() },
    api: { online: (ids) => presence.online(ids) },
  };
}
