import { ConnectError } from '@connectrpc/connect';
import { ERRORS } from '@tessera/protocol';
import { useCallback, useState } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { ERROR_TOAST_MS, LONG_TOAST_MS, ROUND_CANNOT_OPEN_TITLE } from './messages.ts';

/** Refusals that mean a round cannot open; shown as their own 10 s notice (§8). */
const ROUND_CODES: number[] = [
  ERRORS.TOURNAMENT_PREVIOUS_ROUND_INCOMPLETE.code,
  ERRORS.TOURNAMENT_ROUND_NOT_FULLY_PAIRED.code,
];

/** Whether a failure is the server's "round cannot be opened" (codes 1213, 1214). */
export function isRoundError(err: unknown): boolean {
  if (!(err instanceof ConnectError)) return false;
  const code = Number(err.rawMessage.split(';')[0]);
  return ROUND_CODES.includes(code);
}

/**
 * Runs a director's (or player's) call: on success the §8 text as a 3 s
 * toast, on failure the catalogue's text as a 5 s error toast, or the
 * "Round cannot be opened" notice naming the player for 10 s. Returns
 * whether the call went through; `busy` is true meanwhile.
 */
export function useAction() {
  const { notifications, queries } = useServices();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (call: () => Promise<unknown>, success: string | null): Promise<boolean> => {
      setBusy(true);
      try {
        await call();
        if (success) notifications.show('success', success);
        // The realm's messages bring the change too; asking again also covers a missed one.
        void queries.invalidateQueries({ queryKey: ['tournament'] });
        return true;
      } catch (err) {
        const text = errorText(err);
        if (isRoundError(err))
          notifications.show('error', text, { title: ROUND_CANNOT_OPEN_TITLE, ms: LONG_TOAST_MS });
        else notifications.show('error', text, { title: 'Error', ms: ERROR_TOAST_MS });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [notifications, queries],
  );
  return { run, busy };
}
