import {
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
 */
export function registerCoreHandlers(gateway: Gateway): void {
  gateway.on(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, (conn, m) => {
    conn.send(MessageType.LAG_MEASUREMENT, LagMeasurementSchema, {
      timestampMs: m.timestampMs,
      lagMs: conn.lagMs,
    });
  });
  gateway.on(MessageType.JOIN_PATH, JoinPathSchema, (conn, m) => {
    gateway.join(conn, m.path.slice(0, MAX_PATH));
  });
  gateway.on(MessageType.UNJOIN_REALM, UnjoinRealmSchema, (conn) => {
    gateway.join(conn, '');
  });
}
