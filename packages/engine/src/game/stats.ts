/**
 * Player statistics of one game, read from its event log alone
 * (docs/product/community.md §3: Games, Score, Turns, High Game, High Turn,
 * Bingos, Wins, Challenges Won, Challenged Phonies, Unchallenged Phonies),
 * and their sums over many games. Pure: the server's stats module folds these
 * after each game and when it rebuilds from the history.
 *
 * - A play withdrawn by PHONY_TILES_RETURNED is a challenged phony of its
 *   player; it does not count as a bingo nor for the high turn.
 * - A play that stayed on the board is an unchallenged phony when `isWord`
 *   (the game's lexicon) refuses one of its words; without `isWord` none is.
 * - A challenge won is one decided in the player's favour: an opponent's play
 *   they had taken off, and a challenge of their own play that failed
 *   (CHALLENGE_BONUS, CHALLENGE, UNSUCCESSFUL_CHALLENGE_TURN_LOSS).
 * - Turns are the events that use a turn (events.ts `isTurn`).
 */
import { isTurn, scoreDelta, type GameEvent } from './events.ts';

export interface PlayerGameStats {
  score: number;
  turns: number;
  highTurn: number;
  bingos: number;
  challengesWon: number;
  challengedPhonies: number;
  unchallengedPhonies: number;
  /** 1 win, 0 loss, 0.5 draw. */
  result: 1 | 0 | 0.5;
}

export interface StatTotals {
  games: number;
  wins: number;
  losses: number;
  draws: number;
  score: number;
  turns: number;
  highGame: number;
  highTurn: number;
  bingos: number;
  challengesWon: number;
  challengedPhonies: number;
  unchallengedPhonies: number;
}

export const STAT_FIELDS: readonly (keyof StatTotals)[] = [
  'games',
  'wins',
  'losses',
  'draws',
  'score',
  'turns',
  'highGame',
  'highTurn',
  'bingos',
  'challengesWon',
  'challengedPhonies',
  'unchallengedPhonies',
];

export function emptyTotals(): StatTotals {
  return {
    games: 0,
    wins: 0,
    losses: 0,
    draws: 0,
    score: 0,
    turns: 0,
    highGame: 0,
    highTurn: 0,
    bingos: 0,
    challengesWon: 0,
    challengedPhonies: 0,
    unchallengedPhonies: 0,
  };
}

const BINGO_TILES = 7;

function blank(): PlayerGameStats {
  return {
    score: 0,
    turns: 0,
    highTurn: 0,
    bingos: 0,
    challengesWon: 0,
    challengedPhonies: 0,
    unchallengedPhonies: 0,
    result: 0.5,
  };
}

/** Tiles a play took from its rack ('.' marks a played-through square). */
function tilesPlayed(e: GameEvent): number {
  if (e.numTilesFromRack > 0) return e.numTilesFromRack;
  let n = 0;
  for (const ch of e.playedTiles) if (ch !== '.') n++;
  return n;
}

/**
 * Both players' statistics for one game. `winner` is the game's (-1 a draw).
 * `isWord` decides unchallenged phonies from each play's `wordsFormed`.
 */
export function gameStats(
  events: readonly GameEvent[],
  winner: number,
  isWord?: (word: string) => boolean,
): [PlayerGameStats, PlayerGameStats] {
  const out: [PlayerGameStats, PlayerGameStats] = [blank(), blank()];
  // The latest play of each player still open to a challenge.
  const lastPlay: (GameEvent | null)[] = [null, null];
  const settle = (p: number) => {
    const play = lastPlay[p];
    if (!play) return;
    lastPlay[p] = null;
    const s = out[p];
    if (tilesPlayed(play) >= BINGO_TILES || play.isBingo) s.bingos++;
    if (play.score > s.highTurn) s.highTurn = play.score;
    if (isWord && play.wordsFormed.some((w) => !isWord(w))) s.unchallengedPhonies++;
  };
  for (const e of events) {
    const p = e.playerIndex === 1 ? 1 : 0;
    const o = 1 - p;
    out[p].score += scoreDelta(e);
    if (isTurn(e.type)) out[p].turns++;
    switch (e.type) {
      case 'TILE_PLACEMENT_MOVE':
        settle(p);
        lastPlay[p] = e;
        break;
      case 'PHONY_TILES_RETURNED':
        // The withdrawn play and the turn it took count once, as one turn.
        if (lastPlay[p]) out[p].turns--;
        lastPlay[p] = null;
        out[p].challengedPhonies++;
        out[o].challengesWon++;
        break;
      case 'CHALLENGE_BONUS':
        out[p].challengesWon++;
        break;
      case 'CHALLENGE':
      case 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS':
        out[o].challengesWon++;
        break;
      default:
        break;
    }
  }
  settle(0);
  settle(1);
  for (const p of [0, 1]) out[p].result = winner === p ? 1 : winner === -1 ? 0.5 : 0;
  return out;
}

/** Adds one game's statistics of a player to their totals (in place). */
export function addGame(t: StatTotals, s: PlayerGameStats): StatTotals {
  t.games++;
  if (s.result === 1) t.wins++;
  else if (s.result === 0) t.losses++;
  else t.draws++;
  t.score += s.score;
  t.turns += s.turns;
  if (s.score > t.highGame) t.highGame = s.score;
  if (s.highTurn > t.highTurn) t.highTurn = s.highTurn;
  t.bingos += s.bingos;
  t.challengesWon += s.challengesWon;
  t.challengedPhonies += s.challengedPhonies;
  t.unchallengedPhonies += s.unchallengedPhonies;
  return t;
}

/** The sum of totals (maxima for the high game and high turn). */
export function mergeTotals(a: StatTotals, b: StatTotals): StatTotals {
  const t = emptyTotals();
  for (const k of STAT_FIELDS) {
    t[k] = k === 'highGame' || k === 'highTurn' ? Math.max(a[k], b[k]) : a[k] + b[k];
  }
  return t;
}
