/**
 * GetTournament by page (issue 36 item 12, decision 0147): the divisions
 * asked for, each with its players and controls but the pairings and
 * standings of only the rounds asked for (a slice of each), so that a page of
 * a 1,000-player event is tens of kilobytes where the whole answer is
 * megabytes. Unpaged requests get the whole answer (fullView), as before.
 */
import { refuse, type GetTournamentRequest } from '@tessera/protocol';
import { mustDivision, type TState } from '@tessera/tournament';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { FullTournamentDivisionsSchema } from '@tessera/protocol';
import { directorList, divisionView } from './views.ts';

/** The most pairs or standings rows of a round one page holds (and limit 0's). */
export const PAGE_MAX = 1000;
/** The most rounds one page names. */
export const PAGE_ROUNDS_MAX = 50;

export function pagedView(
  s: TState,
  req: Pick<GetTournamentRequest, 'division' | 'rounds' | 'currentRound' | 'offset' | 'limit'>,
): MessageInitShape<typeof FullTournamentDivisionsSchema> {
  if (req.offset < 0 || req.limit < 0 || req.limit > PAGE_MAX)
    throw refuse('TOURNAMENT_PAGE_RANGE', PAGE_MAX);
  if (req.rounds.length > PAGE_ROUNDS_MAX)
    throw refuse('TOURNAMENT_PAGE_TOO_MANY_ROUNDS', PAGE_ROUNDS_MAX);
  const divisions = req.division ? [mustDivision(s, req.division)] : s.divisions;
  for (const r of req.rounds) {
    // A division named: its own rounds only; every division: none below the first.
    const d = divisions[0];
    const count = d?.roundControls.length ?? 0;
    if (r < 0 || (req.division && r >= count))
      throw refuse('TOURNAMENT_PAGE_ROUND', r + 1, d?.name ?? '', count);
  }
  const limit = req.limit || PAGE_MAX;
  return {
    divisions: Object.fromEntries(
      divisions.map((d) => {
        const rounds = new Set(req.rounds);
        // The current round, the one before (the record each player brings
        // to it) and the one after (paired ahead, or the first before the start).
        if (req.currentRound)
          for (let r = d.currentRound - 1; r <= d.currentRound + 1; r++)
            if (r >= 0 && r < d.roundControls.length) rounds.add(r);
        return [d.name, divisionView(s, d, { rounds: [...rounds], offset: req.offset, limit })];
      }),
    ),
    started: s.started,
    finished: s.finished,
    executiveDirector: s.executiveDirector,
    directors: directorList(s),
    startTime: s.startTime ? { seconds: BigInt(s.startTime) } : undefined,
  };
}
