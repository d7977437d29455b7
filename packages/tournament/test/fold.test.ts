import { describe, expect, it } from 'vitest';
import { computeStandings } from '@tessera/pairing';
import { emptyState, fold, foldAsOfRound, toPairingDivision, type LogBody } from '../src/index.ts';
import { fourPlayers, log, P } from './fixtures.ts';

const setup: LogBody[] = [
  ...fourPlayers,
  {
    kind: 'round.controls',
    division: 'A',
    roundControls: [
      { pairingMethod: 'manual' },
      { pairingMethod: 'manual' },
      { pairingMethod: 'manual' },
    ],
  },
  {
    kind: 'pairings.set',
    division: 'A',
    round: 0,
    pairs: [
      { a: P[0], b: P[1], aFirst: true },
      { a: P[2], b: P[3], aFirst: false },
    ],
  },
  { kind: 'round.started', division: 'A', round: 0 },
  {
    kind: 'result.set',
    division: 'A',
    round: 0,
    a: P[0],
    b: P[1],
    scoreA: 400,
    scoreB: 300,
    endReason: 2,
  },
  {
    kind: 'result.set',
    division: 'A',
    round: 0,
    a: P[2],
    b: P[3],
    scoreA: 350,
    scoreB: 360,
    endReason: 2,
  },
  {
    kind: 'pairings.set',
    division: 'A',
    round: 1,
    pairs: [
      { a: P[0], b: P[3] },
      { a: P[1], b: P[2] },
    ],
  },
  { kind: 'round.started', division: 'A', round: 1 },
];

describe('the tournament fold', () => {
  it('folding in two steps gives the same state as folding at once', () => {
    const entries = log(setup);
    const once = fold(entries, emptyState('t'));
    const twice = fold(entries.slice(6), fold(entries.slice(0, 6), emptyState('t')));
    expect(twice).toEqual(once);
    expect(once.started).toBe(true);
    expect(once.divisions[0].currentRound).toBe(1);
    expect(once.seq).toBe(entries.length);
  });

  it('an amended round-1 score changes round 2 standings too', () => {
    const base = fold(log(setup), emptyState('t'));
    const amended = fold(
      log([
        ...setup,
        {
          kind: 'result.set',
          division: 'A',
          round: 0,
          a: P[0],
          b: P[1],
          scoreA: 300,
          scoreB: 420,
          endReason: 2,
        },
      ]),
      emptyState('t'),
    );
    const top = (s: typeof base) =>
      computeStandings(toPairingDivision(s.divisions[0]), 0)[0].player;
    expect(top(base)).toBe(0);
    expect(top(amended)).toBe(1);
  });

  it('a withdrawal turns the unplayed game into a forfeit loss and the opponent a forfeit win', () => {
    const s = fold(
      log([...setup, { kind: 'players.removed', division: 'A', ids: [P[3]] }]),
      emptyState('t'),
    );
    const row = s.divisions[0].rounds[1];
    expect(row[3]).toMatchObject({ opponent: 3, outcome: 'forfeit_loss', score: -50 });
    expect(row[0]).toMatchObject({ opponent: 0, outcome: 'forfeit_win', score: 50 });
    expect(s.divisions[0].players[3].removed).toBe(true);
    // Round 1 keeps the game they played.
    expect(s.divisions[0].rounds[0][3]).toMatchObject({ opponent: 2, score: 360 });
  });

  it('a withdrawn player takes a forfeit loss in every later round that opens, until re-added', () => {
    const s = fold(
      log([
        ...setup,
        { kind: 'players.removed', division: 'A', ids: [P[3]] },
        {
          kind: 'pairings.set',
          division: 'A',
          round: 2,
          pairs: [
            { a: P[0], b: P[1] },
            { a: P[2], b: P[2], outcome: 'bye' },
          ],
        },
        { kind: 'round.started', division: 'A', round: 2 },
      ]),
      emptyState('t'),
    );
    const d = s.divisions[0];
    // Round 3 was paired without them, and still counts for them as TSH's `off -50` does.
    expect(d.rounds[2][3]).toMatchObject({ opponent: 3, outcome: 'forfeit_loss', score: -50 });
    const dan = computeStandings(toPairingDivision(d), 2).find((x) => x.player === 3)!;
    expect(dan).toMatchObject({ wins: 1, losses: 2, spread: 10 - 50 - 50 });

    const back = fold(
      log([
        ...setup,
        { kind: 'players.removed', division: 'A', ids: [P[3]] },
        { kind: 'players.added', division: 'A', players: [{ id: P[3], rating: 1997 }] },
        {
          kind: 'pairings.set',
          division: 'A',
          round: 2,
          pairs: [
            { a: P[0], b: P[1] },
            { a: P[2], b: P[3] },
          ],
        },
        { kind: 'round.started', division: 'A', round: 2 },
      ]),
      emptyState('t'),
    );
    expect(back.divisions[0].rounds[2][3]).toMatchObject({ opponent: 2 });
  });

  it('a late entry takes the suspended result for every round already open', () => {
    const s = fold(
      log([
        ...setup,
        { kind: 'players.added', division: 'A', players: [{ id: 'u5:eve', rating: 1 }] },
      ]),
      emptyState('t'),
    );
    const d = s.divisions[0];
    expect(d.rounds[0][4]).toMatchObject({ opponent: 4, outcome: 'forfeit_loss', score: -50 });
    expect(d.rounds[1][4]).toMatchObject({ opponent: 4, outcome: 'forfeit_loss' });
  });

  it('before anything is played a removed player leaves without a trace', () => {
    const s = fold(
      log([...setup.slice(0, 5), { kind: 'players.removed', division: 'A', ids: [P[1]] }]),
      emptyState('t'),
    );
    const d = s.divisions[0];
    expect(d.players.map((p) => p.id)).toEqual([P[0], P[2], P[3]]);
    expect(d.rounds[0][0]).toBeNull();
    expect(d.rounds[0][1]).toMatchObject({ opponent: 2 });
  });

  it('the state as of a round stops where the next round opened, with later amendments of it', () => {
    const entries = log([
      ...setup,
      {
        kind: 'result.set',
        division: 'A',
        round: 1,
        a: P[0],
        b: P[3],
        scoreA: 500,
        scoreB: 200,
        endReason: 2,
      },
      {
        kind: 'result.set',
        division: 'A',
        round: 0,
        a: P[2],
        b: P[3],
        scoreA: 370,
        scoreB: 360,
        endReason: 2,
      },
    ]);
    const s = foldAsOfRound(entries, 't', 0);
    const d = s.divisions[0];
    expect(d.currentRound).toBe(0);
    expect(d.rounds[1]?.[0]?.score).toBeUndefined();
    expect(d.rounds[0][2]).toMatchObject({ score: 370 });
  });

  it('unstart clears every pairing and result', () => {
    const s = fold(log([...setup, { kind: 'unstarted' }]), emptyState('t'));
    expect(s.started).toBe(false);
    expect(s.divisions[0]).toMatchObject({ currentRound: -1, rounds: [] });
  });
});

describe('round controls pushed again', () => {
  it('replace every pairing before the start, and only the edited future rounds after it', () => {
    const pairRound2: LogBody = {
      kind: 'pairings.set',
      division: 'A',
      round: 2,
      pairs: [
        { a: P[0], b: P[1] },
        { a: P[2], b: P[3] },
      ],
    };
    const same: LogBody = {
      kind: 'round.controls',
      division: 'A',
      roundControls: [
        { pairingMethod: 'manual' },
        { pairingMethod: 'manual' },
        { pairingMethod: 'manual' },
      ],
    };
    const edited: LogBody = {
      kind: 'round.controls',
      division: 'A',
      roundControls: [
        { pairingMethod: 'manual' },
        { pairingMethod: 'swiss' },
        { pairingMethod: 'swiss' },
      ],
    };
    const after = (extra: LogBody[]) =>
      fold(log([...setup, pairRound2, ...extra]), emptyState('t')).divisions[0];
    expect(after([same]).rounds[2][0]).toMatchObject({ opponent: 1 });
    expect(after([same]).rounds[1][0]).toMatchObject({ opponent: 3 });
    // Round 2 is open: its pairings stay even though its controls changed; round 3's go.
    expect(after([edited]).rounds[1][0]).toMatchObject({ opponent: 3 });
    expect(after([edited]).rounds[2][0]).toBeNull();
    expect(after([edited]).rounds[0][0]).toMatchObject({ opponent: 1, score: 400 });
    const beforeStart = fold(log([...setup.slice(0, 5), same]), emptyState('t')).divisions[0];
    expect(beforeStart.rounds).toEqual([]);
  });
});
