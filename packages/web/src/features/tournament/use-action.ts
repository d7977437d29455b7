import { useCallback, useState } from 'react';
import { useServices } from '../../app/services.tsx';
import { refusalToast } from './tournament-errors.ts';

/**
 * Runs a director's (or player's) call: on success the §8 text as a 3 s
 * toast, on failure the refusal's toast (tournament-errors.ts: the
 * catalogue's text for 5 s, or 10 s for check-ins closed and the "Round
 * cannot be opened" notice naming the player). Returns
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
        const { text, ...options } = refusalToast(err);
        notifications.show('error', text, options);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [notifications, queries],
  );
  return { run, busy };
}
