import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Alert } from '../../ui/Alert.tsx';
import { useGoToPuzzle } from './navigation.ts';
import { themeTags } from './puzzle-queries.ts';

/**
 * /puzzle without an id: asks the server for the user's start puzzle in the
 * dictionary and theme (their unfinished one, else the closest to their
 * rating) and goes there.
 */
export function StartPuzzle({ lexicon, theme }: { lexicon: string; theme: string | null }) {
  const { api } = useServices();
  const session = useSession();
  const go = useGoToPuzzle(theme);
  const start = useQuery({
    queryKey: ['puzzle', 'getStartPuzzleId', session.userId, lexicon, theme ?? ''],
    queryFn: () => api.puzzle.getStartPuzzleId({ lexicon, tags: themeTags(theme) }),
    retry: false,
    gcTime: 0,
  });
  const failure = useErrorText(start.error);
  const found = start.data?.puzzleId;
  useEffect(() => {
    if (found) go(found, true);
  }, [found, go]);
  if (failure) return <Alert kind="info">{failure}</Alert>;
  return (
    <p className="page-loading" role="status">
      Finding a puzzle…
    </p>
  );
}
