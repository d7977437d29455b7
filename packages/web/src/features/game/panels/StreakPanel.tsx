import type { GetRematchStreakResponse } from '@tessera/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../../app/services.tsx';
import type { PlayerView } from '../state/history-view.ts';

/** The streak is asked for this long after the game ends (spec/gameplay.md §7, §9). */
export const STREAK_DELAY_MS = 2_000;

/** A score as won games: 2, ½, 1½ (a tie counts half to each player). */
export function streakScore(halves: number): string {
  const whole = Math.floor(halves / 2);
  if (halves % 2 === 0) return String(whole);
  return whole === 0 ? '½' : `${whole}½`;
}

/**
 * Each player's half-points over the games of a streak: a win 2, a tie 1 to
 * each, a loss 0 (win 1, tie half, loss 0 in whole games).
 */
export function streakHalves(
  streak: Pick<GetRematchStreakResponse, 'games'>,
  userIds: readonly string[],
): number[] {
  const halves = userIds.map(() => 0);
  for (const g of streak.games) {
    if (g.winner < 0) {
      for (const id of g.playerIds) {
        const i = userIds.indexOf(id);
        if (i >= 0) halves[i] += 1;
      }
    } else {
      const i = userIds.indexOf(g.playerIds[g.winner] ?? '');
      if (i >= 0) halves[i] += 2;
    }
  }
  return halves;
}

/**
 * The head-to-head results of a game and its rematches (spec/gameplay.md
 * §2 "Game page extras"): the players' totals (win 1, tie half, loss 0)
 * and one entry per game, fetched about two seconds after the game ends.
 */
export function StreakPanel({
  gameId,
  originalRequestId,
  players,
}: {
  gameId: string;
  originalRequestId: string;
  players: readonly PlayerView[];
}) {
  const { api } = useServices();
  const [streak, setStreak] = useState<{ for: string; games: GetRematchStreakResponse['games'] }>();

  useEffect(() => {
    if (!originalRequestId) return;
    let live = true;
    const timer = setTimeout(() => {
      api.gameMetadata.getRematchStreak({ originalRequestId }).then(
        (r) => live && setStreak({ for: originalRequestId, games: r.games }),
        (err: unknown) => console.warn('rematch streak', err),
      );
    }, STREAK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, originalRequestId, gameId]);

  if (!streak || streak.for !== originalRequestId || streak.games.length === 0) return null;
  const ids = players.map((p) => p.userId);
  const halves = streakHalves(streak, ids);
  const nameOf = (id: string) => players.find((p) => p.userId === id)?.nickname ?? '';
  return (
    <section className="streak-panel" aria-labelledby="streak-title">
      <h2 id="streak-title" className="panel-title">
        Streak
      </h2>
      <p className="streak-total">
        {players[0]?.nickname} {streakScore(halves[0])} – {streakScore(halves[1])}{' '}
        {players[1]?.nickname}
      </p>
      <ol className="streak-games" aria-label="Games in this streak">
        {streak.games.map((g, i) => {
          const result = g.winner < 0 ? 'Tie' : `${nameOf(g.playerIds[g.winner] ?? '')} won`;
          return (
            <li key={g.gameId}>
              {g.gameId === gameId ? (
                <span aria-current="true">
                  Game {i + 1}: {result}
                </span>
              ) : (
                <Link to={`/game/${g.gameId}`}>
                  Game {i + 1}: {result}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
