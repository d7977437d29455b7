import { ConnectError } from '@connectrpc/connect';
import { ERRORS, type ErrorKey, renderError } from '@tessera/protocol';

/** What a failure that did not come from the server shows (docs/product/gameplay.md §8). */
export const UNKNOWN_ERROR = 'Unknown error; see console.';

/**
 * What the user sees for a failed call: the server's message rendered through
 * the error catalogue ("<code>;<params>" becomes its text; anything else is
 * shown unchanged, docs/product/community.md §8). A failure that is not the server's
 * answer (a bug in the page) is logged and shows "Unknown error; see console."
 */
export function errorText(err: unknown): string {
  if (!(err instanceof ConnectError)) {
    console.error(err);
    return UNKNOWN_ERROR;
  }
  return refusalForReader(err.rawMessage);
}

/**
 * The moderation refusals whose first parameter is an end time. The server
 * sends it as ISO 8601 in UTC (decision 0131); the reader sees it in their
 * own time zone.
 */
const LOCAL_TIME_KEYS: readonly ErrorKey[] = [
  'MOD_MUTED_UNTIL',
  'MOD_ACCOUNT_SUSPENDED_UNTIL',
  'MOD_RATED_GAMES_SUSPENDED_UNTIL',
  'MOD_GAMES_SUSPENDED_UNTIL',
];
const LOCAL_TIME_CODES = new Set(LOCAL_TIME_KEYS.map((k) => String(ERRORS[k].code)));
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z$/;

/** An instant in the reader's own time zone, as the moderation screens show it. */
export const localTime = (ms: number): string =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A server message ("<code>;<params>" or plain text) rendered through the
 * catalogue, with a moderation refusal's end time in the reader's local
 * time. Only the known keys' time parameter is touched: a user's own text
 * (a rated suspension's reason) stays as it was written.
 */
export function refusalForReader(message: string): string {
  const [head, first, ...rest] = message.split(';');
  if (!LOCAL_TIME_CODES.has(head) || first === undefined || !ISO_UTC.test(first)) {
    return renderError(message);
  }
  return renderError([head, localTime(Date.parse(first)), ...rest].join(';'));
}
