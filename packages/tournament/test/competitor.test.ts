import { describe, expect, it } from 'vitest';
import { competitorStatus, type CompetitorRound } from '../src/index.ts';

const open: CompetitorRound = { round: 0, numRounds: 3, checkinsOpen: false, checkedIn: true };
const paired = (p: Partial<NonNullable<CompetitorRound['pairing']>>, round = 0) =>
  competitorStatus({
    ...open,
    round,
    pairing: { decided: false, ready: false, opponentReady: false, ...p },
  });

describe('the competitor status', () => {
  it('before the first round: check in while check-ins are open, else wait', () => {
    const before = { ...open, round: -1, checkedIn: false };
    expect(competitorStatus({ ...before, checkinsOpen: true })).toBe('NOT_CHECKED_IN');
    expect(competitorStatus(before)).toBe('PRETOURNEY');
  });

  it('in an open round: unpaired is left to the caller; a bye or forfeit says so', () => {
    expect(competitorStatus(open)).toBeUndefined();
    expect(paired({ self: 'bye' })).toBe('ROUND_BYE');
    expect(paired({ self: 'forfeit_loss', decided: true })).toBe('ROUND_FORFEIT_LOSS');
    expect(paired({ self: 'forfeit_win', decided: true })).toBe('ROUND_FORFEIT_WIN');
  });

  it('follows the game: ready marks, the game on the site, its result, the last round', () => {
    expect(paired({})).toBe('ROUND_OPEN');
    expect(paired({ late: true })).toBe('ROUND_LATE');
    expect(paired({ opponentReady: true })).toBe('ROUND_OPPONENT_WAITING');
    expect(paired({ ready: true, opponentReady: true })).toBe('ROUND_READY');
    expect(paired({ gameId: 'g1' })).toBe('ROUND_GAME_ACTIVE');
    expect(paired({ gameId: 'g1', decided: true })).toBe('ROUND_GAME_FINISHED');
    expect(paired({ decided: true }, 2)).toBe('POSTTOURNEY');
  });
});
