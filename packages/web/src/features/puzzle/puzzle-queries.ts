import { queryOptions } from '@tanstack/react-query';
import { PuzzleTag } from '@tessera/protocol';
import type { ApiClients } from '../../rpc/clients.ts';

/*
 * The puzzle pages' server data (tessera.v1.PuzzleService), one query per
 * resource, keyed like rpc/queries.ts: service, method, then what was asked
 * and for whom (answers depend on the signed-in user).
 */

/** A puzzle as the user sees it now: the position, their attempts, hints, votes. */
export const puzzleQuery = (api: ApiClients, userId: string, puzzleId: string) =>
  queryOptions({
    queryKey: ['puzzle', 'getPuzzle', userId, puzzleId],
    queryFn: () => api.puzzle.getPuzzle({ puzzleId }),
    // Opening a puzzle counts as seeing it; one call per visit is enough.
    staleTime: Infinity,
    retry: false,
  });

/** Lexicons that have puzzles, with counts per theme. */
export const puzzleLexiconsQuery = (api: ApiClients) =>
  queryOptions({
    queryKey: ['puzzle', 'listPuzzleLexicons'],
    queryFn: () => api.puzzle.listPuzzleLexicons({}),
    staleTime: 60_000,
  });

/** The user's puzzles and rating history (first page). */
export const puzzleHistoryQuery = (api: ApiClients, userId: string, lexicon: string) =>
  queryOptions({
    queryKey: ['puzzle', 'getPuzzleHistory', userId, lexicon],
    queryFn: () => api.puzzle.getPuzzleHistory({ lexicon, limit: 50 }),
  });

/** A page of generation job logs (admin). */
export const PUZZLE_JOB_LOG_PAGE = 20;
export const puzzleJobLogsQuery = (api: ApiClients, page: number) =>
  queryOptions({
    queryKey: ['puzzle', 'getPuzzleJobLogs', page],
    queryFn: () =>
      api.puzzle.getPuzzleJobLogs({
        offset: page * PUZZLE_JOB_LOG_PAGE,
        limit: PUZZLE_JOB_LOG_PAGE,
      }),
  });

/** The themes (tags) in the order the spec lists them, with their names. */
export const PUZZLE_TAGS: readonly { tag: PuzzleTag; label: string; slug: string }[] = [
  { tag: PuzzleTag.EQUITY, label: 'Equity', slug: 'equity' },
  { tag: PuzzleTag.BINGO, label: 'Bingo', slug: 'bingo' },
  { tag: PuzzleTag.ONLY_BINGO, label: 'Only bingo', slug: 'only-bingo' },
  { tag: PuzzleTag.BLANK_BINGO, label: 'Blank bingo', slug: 'blank-bingo' },
  { tag: PuzzleTag.NON_BINGO, label: 'Non bingo', slug: 'non-bingo' },
  { tag: PuzzleTag.POWER_TILE, label: 'Power tile', slug: 'power-tile' },
  { tag: PuzzleTag.BINGO_NINE_OR_ABOVE, label: 'Bingo nine or above', slug: 'bingo-nine' },
  { tag: PuzzleTag.CEL_ONLY, label: 'CEL only', slug: 'cel-only' },
];

export function tagLabel(tag: PuzzleTag): string {
  return PUZZLE_TAGS.find((t) => t.tag === tag)?.label ?? String(tag);
}

/** The theme in the address (?theme=bingo) as a tag list (none: any puzzle). */
export function themeTags(slug: string | null): PuzzleTag[] {
  const found = PUZZLE_TAGS.find((t) => t.slug === slug);
  return found ? [found.tag] : [];
}
