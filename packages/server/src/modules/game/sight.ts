/**
 * How a watcher of a tournament game may see it (docs/product/tournaments.md
 * §6): its directors, admins and Tournament Managers free of observer
 * restrictions ('director'); everyone else an observer, who with the
 * tournament's private analysis on may not analyze until the game is over
 * ('private'). The tournament module answers; the game module only asks.
 */
import type { GameRow } from './migrations.ts';

export type Sight = 'director' | 'private' | 'observer';

export type SightOf = (
  tournamentId: string,
  user: { id: string; username: string } | undefined,
) => Promise<Sight>;

export class Sights {
  private answer: SightOf = () => Promise.resolve('observer');

  use(answer: SightOf): void {
    this.answer = answer;
  }

  /** A viewer's sight of a game: players and non-tournament games are plain. */
  of(
    row: Pick<GameRow, 'tournament_id'>,
    viewer: number,
    user: { id: string; username: string } | undefined,
  ): Promise<Sight> {
    if (viewer >= 0 || !row.tournament_id) return Promise.resolve('observer');
    return this.answer(row.tournament_id, user);
  }
}
