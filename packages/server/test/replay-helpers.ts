/**
 * A recorded division (the pairing package's slots, read from a TSH file or
 * a real-event fixture) played back through the TournamentService one round
 * at a time, as its director would enter it.
 */
import type { Division } from '@tessera/pairing';
import type { TestServer } from './harness.ts';
import { tournamentOk, type User } from './tournament-helpers.ts';

/**
 * Round `r` of `d` for `users` (user p plays as player p): the director sets
 * its pairings as recorded (boards, and who went first: with the manual
 * first method player one goes first), opens the round and enters its
 * scores. A player withdrawn before the round (`leaves[p] <= r`) is not
 * paired: the service gives them a forfeit loss itself, as TSH's `off` did.
 */
export async function replayRound(
  server: TestServer,
  td: User,
  at: { id: string; division: string },
  users: User[],
  d: Division,
  r: number,
  leaves: number[] = [],
): Promise<void> {
  const { id, division } = at;
  const row = d.rounds[r];
  const pairings = [];
  for (let p = 0; p < row.length; p++) {
    const s = row[p]!;
    if (r >= (leaves[p] ?? Infinity) || s.opponent < p) continue;
    const board = s.board ?? 0;
    if (s.opponent === p)
      pairings.push({
        playerOneId: users[p].username,
        round: r,
        selfPlayResult:
          s.outcome === 'bye'
            ? 'TOURNAMENT_GAME_RESULT_BYE'
            : 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
        board,
      });
    else {
      // TSH's p12: 1 = this player went first.
      const [one, two] = s.first === false ? [s.opponent, p] : [p, s.opponent];
      pairings.push({
        playerOneId: users[one].username,
        playerTwoId: users[two].username,
        round: r,
        board,
      });
    }
  }
  await tournamentOk(server, 'SetPairing', { id, division, pairings }, td.cookie);
  await tournamentOk(server, 'StartRoundCountdown', { id, division, round: r }, td.cookie);
  for (let p = 0; p < row.length; p++) {
    const s = row[p]!;
    if (s.opponent <= p) continue;
    await tournamentOk(
      server,
      'SetResult',
      {
        id,
        division,
        round: r,
        playerOneId: users[p].username,
        playerTwoId: users[s.opponent].username,
        playerOneScore: s.score,
        playerTwoScore: s.opponentScore,
      },
      td.cookie,
    );
  }
}
