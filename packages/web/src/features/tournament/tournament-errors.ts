import { ConnectError } from '@connectrpc/connect';
import { ERRORS } from '@tessera/protocol';
import { errorText } from '../../rpc/errors.ts';
import {
  ERROR_TOAST_MS,
  LONG_TOAST_MS,
  ROUND_CANNOT_OPEN_TITLE,
  UNKNOWN_TOURNAMENT_ERROR,
} from './messages.ts';

/*
 * How the tournament page words a refused call (docs/product/tournaments.md
 * §8, §9): the catalogue's text for a known code; "Unknown tournament error,
 * see console" for a numbered code the catalogue lacks (the raw message goes
 * to the console); the "Round cannot be opened" notice for 10 s; check-ins
 * closed also for 10 s; anything else as a 5 s error.
 */

const KNOWN_CODES = new Set<number>(Object.values(ERRORS).map((e) => e.code));

/** Refusals that mean a round cannot open; shown as their own notice (§8). */
const ROUND_CODES: number[] = [
  ERRORS.TOURNAMENT_PREVIOUS_ROUND_INCOMPLETE.code,
  ERRORS.TOURNAMENT_ROUND_NOT_FULLY_PAIRED.code,
];

/** Refusals shown 10 s rather than 5 (§9 "10 s for check-ins closed and round errors"). */
const LONG_CODES: number[] = [...ROUND_CODES, ERRORS.TOURNAMENT_CHECKINS_CLOSED.code];

/** The numeric code a server refusal starts with, or null. */
function codeOf(err: unknown): number | null {
  if (!(err instanceof ConnectError)) return null;
  const head = err.rawMessage.split(';')[0];
  return /^\d+$/.test(head) ? Number(head) : null;
}

/** Whether a failure is the server asking the director to confirm a loss of results (undo, restore). */
export function isConfirmRefusal(err: unknown): boolean {
  return codeOf(err) === ERRORS.TOURNAMENT_UNDO_CONFIRM.code;
}

/** Whether a failure is the server's "round cannot be opened". */
export function isRoundError(err: unknown): boolean {
  const code = codeOf(err);
  return code !== null && ROUND_CODES.includes(code);
}

/** The text for a refused tournament call. */
export function tournamentErrorText(err: unknown): string {
  const code = codeOf(err);
  if (code !== null && !KNOWN_CODES.has(code)) {
    console.error((err as ConnectError).rawMessage);
    return UNKNOWN_TOURNAMENT_ERROR;
  }
  return errorText(err);
}

/** The toast for a refused tournament call: its text, title and how long it stays. */
export function refusalToast(err: unknown): { text: string; title: string; ms: number } {
  const code = codeOf(err);
  const text = tournamentErrorText(err);
  if (isRoundError(err)) return { text, title: ROUND_CANNOT_OPEN_TITLE, ms: LONG_TOAST_MS };
  const long = code !== null && LONG_CODES.includes(code);
  return { text, title: 'Error', ms: long ? LONG_TOAST_MS : ERROR_TOAST_MS };
}
