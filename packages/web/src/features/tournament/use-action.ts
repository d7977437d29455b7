import { useMutation, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useServices } from '../../app/services.tsx';
import { refusalToast } from './tournament-errors.ts';

interface Write {
  call: () => Promise<unknown>;
  success: string | null;
}

/**
 * Runs a director's (or player's) call as a TanStack mutation: on success
 * the §8 text as a 3 s toast, on failure the refusal's toast
 * (tournament-errors.ts: the catalogue's text for 5 s, or 10 s for
 * check-ins closed and the "Round cannot be opened" notice naming the
 * player). Returns whether the call went through; `busy` is true meanwhile.
 *
 * `changes` are the queries the calls change (queries.ts: METADATA_KEY,
 * stateKey), asked for again after a success. The realm's messages bring
 * the change too (use-tournament-realtime.ts); asking again for just these
 * covers a message the page missed, and leaves every other query alone.
 */
export function useAction(changes: readonly QueryKey[] = []) {
  const { notifications, queries } = useServices();
  const { mutateAsync, isPending } = useMutation({
    mutationFn: ({ call }: Write) => call(),
    onSuccess: (_result, { success }) => {
      if (success) notifications.show('success', success);
      for (const queryKey of changes) void queries.invalidateQueries({ queryKey });
    },
    onError: (err) => {
      const { text, ...options } = refusalToast(err);
      notifications.show('error', text, options);
    },
  });
  const run = useCallback(
    (call: () => Promise<unknown>, success: string | null): Promise<boolean> =>
      mutateAsync({ call, success }).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
  return { run, busy: isPending };
}
