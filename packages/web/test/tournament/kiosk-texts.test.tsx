import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { KioskView } from '../../src/features/tournament/KioskView.tsx';
import type { Division, MatchResult, Pairing } from '../../src/features/tournament/model.ts';

/**
 * The kiosk's texts (docs/product/tournaments.md §2 "Kiosk view (es)"):
 * before the start, with no opponent, after the game, and the players not
 * yet checked in.
 */

const ANN = 'aaaaaaaa-0001:ann';
const BOB = 'bbbbbbbb-0002:bob';

function division(round: Pairing[], checkedIn = [ANN, BOB], extra: string[] = []): Division {
  return {
    id: 'Open',
    players: [ANN, BOB, ...extra].map((id, i) => ({
      id,
      rating: 1500 - i,
      suspended: false,
      checkedIn: checkedIn.includes(id),
    })),
    currentRound: 1,
    numRounds: 3,
    pairings: [[], round],
    standings: [],
  };
}

const alone = (outcome: MatchResult): Pairing => ({
  players: [ANN, ANN],
  round: 1,
  games: [],
  outcomes: [outcome, outcome],
  readyStates: ['', ''],
});

function kiosk(d: Division, started = true, overTheBoard = true) {
  return render(
    <MemoryRouter>
      <KioskView
        es="aaaaaaaa"
        divisions={[d]}
        started={started}
        overTheBoard={overTheBoard}
        tournamentPath="/tournament/spring"
        onSubmit={() => Promise.resolve('')}
      />
    </MemoryRouter>,
  );
}

describe('the kiosk', () => {
  it('says the tournament has not yet started, and offers no score form', () => {
    kiosk({ ...division([]), currentRound: -1 }, false);
    expect(screen.getByText('Tournament has not yet started.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Submit score' })).toBeNull();
  });

  it('tells a player with no opponent about their bye, forfeit or void round', () => {
    const cases: [MatchResult, string][] = [
      ['BYE', 'You have a bye in round 2.'],
      ['FORFEIT_WIN', 'You win round 2 by forfeit.'],
      ['FORFEIT_LOSS', 'You have a forfeit loss in round 2.'],
      ['VOID', 'Your round 2 game does not count.'],
    ];
    for (const [outcome, text] of cases) {
      const { unmount } = kiosk(division([alone(outcome)]));
      expect(screen.getByText(text)).toBeDefined();
      expect(screen.queryByText(/you play/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Submit score' })).toBeNull();
      unmount();
    }
  });

  it('shows the recorded scores and whom to ask if they are wrong', () => {
    const played: Pairing = {
      players: [BOB, ANN],
      round: 1,
      games: [{ scores: [350, 420], results: ['LOSS', 'WIN'], endReason: 'STANDARD', id: 'g1' }],
      outcomes: ['LOSS', 'WIN'],
      readyStates: ['', ''],
    };
    kiosk(division([played]));
    expect(screen.getByText('Recorded score: ann 420, bob 350.')).toBeDefined();
    expect(screen.getByText('If this is not right, please contact a director.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Submit score' })).toBeNull();
  });

  it('names up to three players not checked in, then and N more', () => {
    const late = ['c:cat', 'd:dan', 'e:eve', 'f:fay', 'g:gus'];
    kiosk(division([alone('BYE')], [ANN, BOB], late));
    expect(screen.getByText('Not checked in yet: cat, dan, eve and 2 more')).toBeDefined();
  });
});
