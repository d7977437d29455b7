import { screen, within } from '@testing-library/react';
import { GameMetadataService, playStates } from '@tessera/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { streakHalves, streakScore } from '../../src/features/game/panels/StreakPanel.tsx';
import { engineGame, GAME_ID, historyOf, ME, OPPONENT, renderRoom } from './fixtures.tsx';

const A = ME.userId;
const B = OPPONENT.userId;

describe('the rematch streak', () => {
  beforeEach(() => localStorage.clear());

  it('counts a win 1, a tie half and a loss 0 for each player', () => {
    const games = [
      { gameId: 'x', winner: 0, playerIds: [A, B] },
      { gameId: 'y', winner: -1, playerIds: [B, A] },
      { gameId: 'z', winner: 0, playerIds: [B, A] },
    ];
    const halves = streakHalves({ games } as never, [A, B]);
    expect(halves.map(streakScore)).toEqual(['1½', '1½']);
    expect(streakScore(1)).toBe('½');
    expect(streakScore(4)).toBe('2');
  });

  it('shows the head-to-head results of the game and its rematches once the game is over', async () => {
    const asked: string[] = [];
    const room = await renderRoom({
      extra: (router) =>
        router.service(GameMetadataService, {
          getRematchStreak(req) {
            asked.push(req.originalRequestId);
            return {
              playerIds: [A, B].sort(),
              games: [
                { gameId: 'g0', winner: 1, playerIds: [B, A] },
                { gameId: GAME_ID, winner: 0, playerIds: [A, B] },
              ],
            };
          },
        }),
    });
    const history = historyOf(engineGame({ moves: ['8H CAT'] }), 0);
    history.playState = playStates.toWire('GAME_OVER');
    history.winner = 0;
    history.request!.requestId = 'req-2';
    history.request!.originalRequestId = 'req-1';
    room.deliverHistory(history);

    const panel = await screen.findByRole('region', { name: 'Streak' }, { timeout: 5000 });
    expect(asked).toEqual(['req-1']);
    expect(within(panel).getByText('ann 2 – 0 bob')).toBeDefined();
    const games = within(panel).getByRole('list', { name: 'Games in this streak' });
    expect(within(games).getByRole('link', { name: 'Game 1: ann won' }).getAttribute('href')).toBe(
      '/game/g0',
    );
    expect(within(games).getByText('Game 2: ann won')).toBeDefined();
  });
});
