import type { CatalogueEntry } from './catalogue-entry.ts';

/** The catalogue's monitoring (invigilation) keys, codes 1320-1339 (errors.ts merges the parts). */
export const MONITORING_ERRORS = {
  MONITORING_NOT_MONITORED: {
    code: 1320,
    connect: 'failed_precondition',
    text: 'This tournament is not monitored.',
  },
  MONITORING_NOT_PARTICIPANT: {
    code: 1321,
    connect: 'permission_denied',
    text: 'Only the players of this tournament stream to its directors.',
  },
  MONITORING_NOT_DIRECTOR: {
    code: 1322,
    connect: 'permission_denied',
    text: 'Only the directors of this tournament may watch or reset its streams.',
  },
  MONITORING_FINISHED: {
    code: 1323,
    connect: 'failed_precondition',
    text: 'The tournament is finished; its streams are closed.',
  },
  MONITORING_BAD_STREAM_TYPE: {
    code: 1324,
    connect: 'invalid_argument',
    text: 'The stream must be the camera or the screen.',
  },
  MONITORING_NO_KEYS: {
    code: 1325,
    connect: 'failed_precondition',
    text: 'Set up monitoring first: this player has no stream keys.',
  },
  MONITORING_NOT_RESETTABLE: {
    code: 1326,
    connect: 'failed_precondition',
    text: 'Only a pending or active stream can be reset.',
  },
  MONITORING_STREAM_NOT_LIVE: {
    code: 1327,
    connect: 'failed_precondition',
    text: 'This stream is not pending or active.',
  },
  MONITORING_SIGNAL_INVALID: {
    code: 1328,
    connect: 'invalid_argument',
    text: 'Invalid monitoring signal: $1',
  },
  MONITORING_SIGNAL_FORBIDDEN: {
    code: 1329,
    connect: 'permission_denied',
    text: 'Streams go only between a player and the directors of their tournament.',
  },
  MONITORING_PHONE_KEY_INVALID: {
    code: 1330,
    connect: 'unauthenticated',
    text: 'This camera link has expired; scan the new QR code on your computer.',
  },
  MONITORING_NOT_STARTED: {
    code: 1331,
    connect: 'failed_precondition',
    text: 'Start the stream before publishing it.',
  },
  MONITORING_RELAY_FAILED: {
    code: 1332,
    connect: 'unavailable',
    text: 'The media relay did not answer; try again in a moment.',
  },
  MONITORING_RELAY_NO_SESSION: {
    code: 1333,
    connect: 'failed_precondition',
    text: 'This viewing session is not open on the media relay; start watching again.',
  },
} as const satisfies Record<string, CatalogueEntry>;
