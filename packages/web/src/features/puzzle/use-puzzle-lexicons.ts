import { useQuery } from '@tanstack/react-query';
import type { PuzzleLexicon } from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';
import { useLexicons } from '../../rpc/use-lexicons.ts';
import { puzzleLexiconsQuery } from './puzzle-queries.ts';

export interface PuzzleLexiconOption {
  name: string;
  /** Puzzles in it (0 when the server has none yet). */
  count: number;
  detail?: PuzzleLexicon;
}

/**
 * The dictionaries a user can solve puzzles in: those that have puzzles
 * first (with their counts), then the server's other lexicons.
 */
export function usePuzzleLexicons(): { ready: boolean; options: PuzzleLexiconOption[] } {
  const { api } = useServices();
  const server = useLexicons();
  const puzzles = useQuery(puzzleLexiconsQuery(api));
  const withPuzzles = (puzzles.data?.lexicons ?? []).filter((l) => l.puzzleCount > 0);
  const options: PuzzleLexiconOption[] = withPuzzles.map((l) => ({
    name: l.lexicon,
    count: l.puzzleCount,
    detail: l,
  }));
  for (const l of server.lexicons) {
    if (!options.some((o) => o.name.toUpperCase() === l.name.toUpperCase())) {
      options.push({ name: l.name, count: 0 });
    }
  }
  return { ready: server.status !== 'loading' && !puzzles.isPending, options };
}
