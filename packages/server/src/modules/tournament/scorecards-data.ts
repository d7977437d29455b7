/** The tournament's state as the scorecards helper's plain data (scorecards/types.ts). */
import type { ScorecardDivision, ScorecardRequest } from './scorecards/index.ts';
import { usernameOf, type TState, slugName } from '@tessera/tournament';

export function scorecardRequest(
  s: TState,
  publicUrl: string,
  o: { showOpponents: boolean; showSeeds: boolean; showQrCode: boolean },
): ScorecardRequest {
  const divisions: ScorecardDivision[] = s.divisions.map((d) => ({
    name: d.name,
    rounds: Math.max(1, d.roundControls.length),
    // Withdrawn players keep their seat: other cards name them as past opponents.
    players: d.players.flatMap((p, i) => [
      {
        id: p.id,
        name: p.name ?? usernameOf(p.id),
        seed: i + 1,
        rating: p.rating || null,
        rounds: d.rounds.map((row) => {
          const slot = row[i];
          if (!slot) return null;
          if (slot.opponent === i)
            return {
              opponent:
                slot.outcome === 'forfeit_loss'
                  ? ('forfeit-loss' as const)
                  : slot.outcome === 'forfeit_win'
                    ? ('forfeit-win' as const)
                    : ('bye' as const),
            };
          return { opponent: slot.opponent, first: slot.first ?? null };
        }),
      },
    ]),
  }));
  return {
    tournamentName: s.meta.name,
    slug: slugName(s.meta.slug),
    publicUrl,
    divisions,
    online: !s.meta.irlMode,
    ...o,
  };
}
