import {
  encodeSocketMessage,
  JoinPathSchema,
  LagMeasurementSchema,
  MessageType,
  UnjoinRealmSchema,
} from '@tessera/protocol';
import type { Gateway } from './gateway.ts';

/** Longest page path a client may report. */
const MAX_PATH = 200;

/**
 * Messages every socket understands whatever modules are loaded: lag
 * measurement (echoed with the last lag the server measured) and page joins.
 *
 * The lag echo goes out through the bus like every fan-out, so it arrives
 * after everything published to this socket before it: a client (and the
 * tests' barrier) knows then that nothing sent earlier is still on its way.
 * A page join is acknowledged by echoing its path once the socket is in the
 * page's realms and the join's own messages are sent (the web ignores it).
 */
export function registerCoreHandlers(gateway: Gateway): void {
  gateway.on(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, (conn, m) => {
    gateway.toConnection(
      conn,
      encodeSocketMessage(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, {
        timestampMs: m.timestampMs,
        lagMs: conn.lagMs,
      }),
    );
  });
  gateway.on(MessageType.JOIN_PATH, JoinPathSchema, (conn, m) => {
    const path = m.path.slice(0, MAX_PATH);
    // Not awaited: the socket's next messages need not wait for the page's lookups.
    void gateway.join(conn, path).then(() => {
      // A later join has moved the socket on: this page's realms are not its any more.
      if (conn.path === path) conn.send(MessageType.JOIN_PATH, JoinPathSchema, { path });
    });
  });
  gateway.on(MessageType.UNJOIN_REALM, UnjoinRealmSchema, (conn) => {
    void gateway.join(conn, '');
  });
}
