import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GameEndReason, TournamentGameResult } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { connect } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { ANN, BOB, CAT, DAN, springDivision, tournamentServer } from './harness.ts';

const LAZY = { timeout: 10_000 };
const { WIN, LOSS, NO_RESULT: NO } = TournamentGameResult;

/** Round 1 played (ann beat bob, dan beat cat), round 2 open: ann vs dan, bob vs cat. */
function roundTwo() {
  const division = springDivision(1);
  const played = (players: [number, number], scores: [number, number]) => ({
    players,
    round: 0,
    games: [{ scores, results: [WIN, LOSS], endReason: GameEndReason.STANDARD, id: 'g' }],
    outcomes: [WIN, LOSS],
    readyStates: ['', ''],
  });
  const open = (players: [number, number]) => ({
    players,
    round: 1,
    games: [{ scores: [0, 0], results: [NO, NO] }],
    outcomes: [NO, NO],
    readyStates: ['', ''],
  });
  return {
    ...division,
    pairingMap: {
      0: { roundPairings: [played([0, 1], [420, 350]), played([3, 2], [400, 390])] },
      1: { roundPairings: [open([0, 3]), open([1, 2])] },
    },
    standingsMap: {
      0: {
        standings: [
          { playerId: ANN, wins: 1, spread: 70 },
          { playerId: DAN, wins: 1, spread: 10 },
          { playerId: CAT, losses: 1, spread: -10 },
          { playerId: BOB, losses: 1, spread: -70 },
        ],
      },
    },
  };
}

describe('the pairings table', () => {
  it('gives each player their W–L before the round, and marks the winner once the result is in', async () => {
    const server = tournamentServer({ full: { divisions: { Open: roundTwo() }, started: true } });
    renderApp('/tournament/spring', { transport: server.transport });
    await connect({});
    const two = await screen.findByRole('table', { name: 'Round 2 pairings' }, LAZY);
    const rows = within(two).getAllByRole('row').slice(1);
    expect(rows.map((r) => (r as HTMLTableRowElement).cells[0].textContent)).toEqual([
      'ann (#1, 1–0) vs dan (#4, 1–0)',
      'bob (#2, 0–1) vs cat (#3, 0–1)',
    ]);
    // Nothing decided yet in round 2: no winner.
    expect(within(two).queryByText('Winner')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '‹ Round 1' }));
    const one = await screen.findByRole('table', { name: 'Round 1 pairings' });
    const [first, second] = within(one).getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(first.cells[0].textContent).toBe('ann (#1, 0–0)Winner vs bob (#2, 0–0)');
    expect(second.cells[0].textContent).toBe('dan (#4, 0–0)Winner vs cat (#3, 0–0)');
  });
});
