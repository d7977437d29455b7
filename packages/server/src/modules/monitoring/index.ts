import {
  MessageType,
  MonitoringPublishSchema,
  MonitoringService,
  MonitoringSignalSchema,
} from '@tessera/protocol';
import type { Logger } from 'pino';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { Events } from '../events.ts';
import type { ModuleParts } from '../module.ts';
import type { TournamentApi } from '../tournament/index.ts';
import type { IceConfig } from './ice.ts';
import { JanusRelay } from './janus.ts';
import { Monitoring } from './monitoring.ts';
import type { MediaRelay, MediaRelayConfig } from './relay.ts';
import { StreamStore } from './store.ts';

export { monitoringMigrations } from './store.ts';
export { iceServersFor, type IceConfig } from './ice.ts';
export { janusFeedOf, janusRoomOf } from './janus.ts';
export type { MediaRelay, RelayStream } from './relay.ts';

/**
 * Remote invigilation (docs/product/tournaments.md §2-§4, §6, §7): stream
 * keys and states in its own table, MonitoringService, and WebRTC signalling
 * over the socket (MONITORING_SIGNAL, MONITORING_PUBLISH; it sends
 * MONITORING_UPDATE to `monitoring.<tournament>` and to the participant).
 * Peer to peer by default, with the operator's STUN/TURN servers (decision 0139);
 * through Janus's VideoRoom when the operator sets MEDIA_RELAY=janus (decision 0140).
 *
 * Asks the tournament module who directs and who plays. Reacts to:
 * tournament.changed after commit (a finished tournament's keys are
 * deleted); process.gone after commit (a dead process's streams stop); a
 * closed socket (the streams it published stop).
 */
export function createMonitoringModule(deps: {
  db: Db;
  gateway: Gateway;
  events: Events;
  sessions: SessionResolver;
  accounts: Accounts;
  tournaments: TournamentApi;
  ice: IceConfig;
  mediaRelay: MediaRelayConfig;
  secretKey: string;
  processId: string;
  log: Logger;
}): ModuleParts<undefined> {
  const store = new StreamStore(deps.db);
  const relay: MediaRelay | undefined =
    deps.mediaRelay.kind === 'janus'
      ? new JanusRelay(deps.mediaRelay.url, deps.secretKey, deps.log)
      : undefined;
  const m = new Monitoring({ ...deps, store, relay });
  deps.gateway.on(MessageType.MONITORING_SIGNAL, MonitoringSignalSchema, (conn, msg) =>
    m.onSignal(conn, msg),
  );
  deps.gateway.on(MessageType.MONITORING_PUBLISH, MonitoringPublishSchema, (conn, msg) =>
    m.onPublish(conn, msg),
  );
  deps.gateway.onClose((conn) => {
    m.onClose(conn).catch((err: unknown) =>
      deps.log.error({ err, conn: conn.id }, 'monitoring hang-up failed'),
    );
  });
  deps.events.afterCommit('process.gone', 'monitoring', ({ processId }) =>
    m.onProcessGone(processId),
  );
  deps.events.afterCommit('tournament.changed', 'monitoring.finished', async (c) => {
    if (c.state.finished) await m.onFinished(c.id, c.state.meta.monitored);
  });
  return {
    module: {
      name: 'monitoring',
      stop: async () => relay?.close(),
      routes: (router) =>
        router.service(MonitoringService, {
          initializeMonitoringKeys: (req, ctx) => m.initializeKeys(ctx, req.tournamentId),
          requestMonitoringStream: (req, ctx) =>
            m.requestStream(ctx, req.tournamentId, req.streamType, req.phoneKey),
          resetMonitoringStream: async (req, ctx) => {
            await m.resetStream(ctx, req.tournamentId, req.userId, req.streamType);
            return {};
          },
          getTournamentMonitoring: (req, ctx) => m.tournamentMonitoring(ctx, req.tournamentId),
          createPhoneCameraKey: async (req, ctx) => {
            const k = await m.phoneKey(ctx, req.tournamentId);
            return { key: k.key, expiresAt: BigInt(k.expiresAt) };
          },
        }),
    },
    api: undefined,
  };
}
