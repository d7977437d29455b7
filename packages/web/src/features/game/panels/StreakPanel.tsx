import { useQuery } from '@tanstack/react-query';
import type { GetRematchStreakResponse } from '@tessera/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../../app/services.tsx';
import { rematchStreakQuery } from '../../../rpc/queries.ts';
import type { PlayerView } from '../../../board/state/history-view.ts';

/** The streak is asked for this long after the game ends (docs/product/gameplay.md §7, §9). */
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
 * The head-to-head results of a game and its rematches (docs/product/gameplay.md
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
  const waited = useWaited(STREAK_DELAY_MS, `${originalRequestId} ${gameId}`);
  const { data: streak } = useQuery({
    ...rematchStreakQuery(api, originalRequestId, gameId),
    enabled: waited && originalRequestId !== '',
  });

  if (!streak || streak.games.length === 0) return null;
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

/** True once `ms` have passed since `key` was first seen (it starts again for a new key). */
function useWaited(ms: number, key: string): boolean {
  const [passed, setPassed] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setPassed(key), ms);
    return () => clearTimeout(timer);
  }, [ms, key]);
  return passed === key;
}
