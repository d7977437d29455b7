/**
 * A lean game for bots, simulations and self-play: the cross-check board,
 * racks as counts, a bag as a pool of machine letters with a seeded PRNG,
 * scores, whose turn, and the scoreless-turn count. Moves are applied from
 * a MoveList slot with no allocation, and cross-checks are updated only
 * around the new tiles.
 *
 * It follows the rules of game/ (which the soak tests check move by move):
 * a play scores what the generator scored it, the mover refills from the
 * bag, an exchange draws first and then returns its tiles, going out with
 * the bag empty earns twice the opponent's rack, and six scoreless turns in
 * a row end the game with each player losing their own rack's value. Games
 * run under the VOID challenge rule (bots never play phonies).
 */
import { Prng } from '../game/prng.ts';
import type { GameState } from '../game/state.ts';
import {
  DEFAULT_EXCHANGE_MIN_BAG,
  END_RACK_MULTIPLIER,
  MAX_SCORELESS_TURNS,
  RACK_SIZE,
} from '../rules/constants.ts';
import { BLANK_BIT, EMPTY, type LetterSet } from '../tiles/letter-sets.ts';
import type { CrossBoard } from '../movegen/cross.ts';
import { EXCHANGE, MAX_LEN, PASS, type MoveList } from '../movegen/moves.ts';
import type { Movegen } from '../movegen/movegen.ts';

/** What loadGame reads of a game: a GameState, or a bot's view of one (bots/bot-position.ts). */
export interface LoadableGame {
  readonly board: { readonly squares: ArrayLike<number> };
  readonly bag: { contents(): ArrayLike<number> };
  readonly racks: readonly { readonly counts: ArrayLike<number>; readonly size: number }[];
  readonly scores: readonly number[];
  readonly playerOnTurn: number;
  readonly scorelessTurns: number;
  readonly playState: GameState['playState'];
  readonly rules: { readonly exchangeMinBag: number };
}

export class FastGame {
  readonly board: CrossBoard;
  readonly set: LetterSet;
  readonly racks: [Uint8Array, Uint8Array] = [new Uint8Array(64), new Uint8Array(64)];
  readonly rackSize = new Int32Array(2);
  readonly scores = new Int32Array(2);
  bag: Uint8Array;
  bagCount = 0;
  rng: Prng = Prng.seeded(1);
  onTurn = 0;
  scoreless = 0;
  over = false;
  turns = 0;
  exchangeMinBag = DEFAULT_EXCHANGE_MIN_BAG;
  /** Squares and tiles of the last move's new tiles (for inference). */
  readonly fresh = new Int32Array(MAX_LEN);
  readonly freshTiles = new Uint8Array(MAX_LEN);
  freshCount = 0;
  /** The last move: its player, kind (-1 before any), score, and the bag before it. */
  lastPlayer = -1;
  lastKind = -1;
  lastScore = 0;
  lastBag = 0;

  constructor(readonly mg: Movegen) {
    this.board = mg.board;
    this.set = mg.set;
    this.bag = new Uint8Array(Math.max(256, this.set.tileCount + 16));
  }

  /** Empty board, full bag, both racks drawn (first player first). */
  startNew(seed: number, firstPlayer = 0): void {
    this.board.clear();
    this.rng = Prng.seeded(seed);
    this.bagCount = 0;
    this.set.letters.forEach((l, code) => {
      for (let i = 0; i < l.count; i++) this.bag[this.bagCount++] = code;
    });
    this.racks[0].fill(0);
    this.racks[1].fill(0);
    this.rackSize.fill(0);
    this.scores.fill(0);
    this.onTurn = firstPlayer;
    this.scoreless = 0;
    this.over = false;
    this.turns = 0;
    this.lastPlayer = -1;
    this.lastKind = -1;
    this.freshCount = 0;
    this.draw(firstPlayer);
    this.draw(1 - firstPlayer);
  }

  /** The position of a live game (board, racks, bag, scores, turn). */
  loadGame(g: LoadableGame, seed = 1): void {
    this.board.setSquares(g.board.squares);
    this.rng = Prng.seeded(seed);
    const bag = g.bag.contents();
    this.bagCount = bag.length;
    this.bag.set(bag);
    for (const p of [0, 1]) {
      this.racks[p].fill(0);
      this.racks[p].set(g.racks[p].counts);
      this.rackSize[p] = g.racks[p].size;
      this.scores[p] = g.scores[p];
    }
    this.onTurn = g.playerOnTurn;
    this.scoreless = g.scorelessTurns;
    this.over = g.playState === 'GAME_OVER';
    this.turns = 0;
    this.exchangeMinBag = g.rules.exchangeMinBag;
  }

  /** Copy everything from another game on a board of the same layout. */
  copyFrom(o: FastGame): void {
    this.board.copyFrom(o.board);
    this.bag.set(o.bag.subarray(0, o.bagCount));
    this.bagCount = o.bagCount;
    this.racks[0].set(o.racks[0]);
    this.racks[1].set(o.racks[1]);
    this.rackSize.set(o.rackSize);
    this.scores.set(o.scores);
    this.onTurn = o.onTurn;
    this.scoreless = o.scoreless;
    this.over = o.over;
    this.turns = o.turns;
    this.exchangeMinBag = o.exchangeMinBag;
    this.fresh.set(o.fresh);
    this.freshTiles.set(o.freshTiles);
    this.freshCount = o.freshCount;
    this.lastPlayer = o.lastPlayer;
    this.lastKind = o.lastKind;
    this.lastScore = o.lastScore;
    this.lastBag = o.lastBag;
  }

  /** Refill `p`'s rack from the bag. */
  draw(p: number): void {
    const rack = this.racks[p];
    while (this.rackSize[p] < RACK_SIZE && this.bagCount > 0) {
      const i = this.rng.below(this.bagCount);
      rack[this.bag[i]]++;
      this.bag[i] = this.bag[--this.bagCount];
      this.rackSize[p]++;
    }
  }

  /** Put `p`'s whole rack back into the bag. */
  returnRack(p: number): void {
    const rack = this.racks[p];
    for (let t = 0; t < this.set.size; t++) {
      for (let k = rack[t]; k > 0; k--) this.bag[this.bagCount++] = t;
      rack[t] = 0;
    }
    this.rackSize[p] = 0;
  }

  /** Move one `tile` from the bag to `p`'s rack; false if the bag has none. */
  takeFromBag(p: number, tile: number): boolean {
    for (let i = this.bagCount - 1; i >= 0; i--) {
      if (this.bag[i] === tile) {
        this.bag[i] = this.bag[--this.bagCount];
        this.racks[p][tile]++;
        this.rackSize[p]++;
        return true;
      }
    }
    return false;
  }

  /** Counts of the tiles `p` cannot see: the bag plus the opponent's rack. */
  unseen(p: number, out = new Uint8Array(64)): Uint8Array {
    out.fill(0);
    for (let i = 0; i < this.bagCount; i++) out[this.bag[i]]++;
    const opp = this.racks[1 - p];
    for (let t = 0; t < this.set.size; t++) out[t] += opp[t];
    return out;
  }

  rackValue(p: number): number {
    let v = 0;
    const rack = this.racks[p];
    for (let t = 1; t < this.set.size; t++) v += rack[t] * this.set.scores[t];
    return v;
  }

  /** Apply move `i` of `list` for the player on turn. */
  apply(list: MoveList, i: number): void {
    const p = this.onTurn;
    const rack = this.racks[p];
    const kind = list.kind[i];
    const base = i * MAX_LEN;
    this.freshCount = 0;
    this.lastPlayer = p;
    this.lastKind = kind;
    this.lastScore = list.score[i];
    this.lastBag = this.bagCount;
    if (kind === PASS) {
      this.scoreless++;
    } else if (kind === EXCHANGE) {
      const n = list.len[i];
      for (let k = 0; k < n; k++) rack[list.tiles[base + k]]--;
      this.rackSize[p] -= n;
      this.draw(p);
      for (let k = 0; k < n; k++) this.bag[this.bagCount++] = list.tiles[base + k];
      this.scoreless++;
    } else {
      const step = list.dir[i] === 0 ? 1 : this.board.dim;
      let sq = list.start[i];
      for (let k = 0; k < list.len[i]; k++, sq += step) {
        const t = list.tiles[base + k];
        if (t === EMPTY) continue;
        this.board.placeTile(sq, t);
        rack[t & BLANK_BIT ? 0 : t]--;
        this.freshTiles[this.freshCount] = t;
        this.fresh[this.freshCount++] = sq;
      }
      this.rackSize[p] -= this.freshCount;
      this.board.refreshAround(this.fresh, this.freshCount);
      const score = list.score[i];
      this.scores[p] += score;
      this.scoreless = score === 0 ? this.scoreless + 1 : 0;
      this.draw(p);
      if (this.rackSize[p] === 0) {
        this.scores[p] += END_RACK_MULTIPLIER * this.rackValue(1 - p);
        this.over = true;
      }
    }
    if (!this.over && this.scoreless >= MAX_SCORELESS_TURNS) {
      this.scores[0] -= this.rackValue(0);
      this.scores[1] -= this.rackValue(1);
      this.over = true;
    }
    this.turns++;
    this.onTurn = 1 - p;
  }

  /** 0 or 1 for the leader, -1 for a tie. */
  leader(): number {
    return this.scores[0] === this.scores[1] ? -1 : this.scores[0] > this.scores[1] ? 0 : 1;
  }
}
