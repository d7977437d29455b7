/**
 * A bot: picks a move for the player on turn of a FastGame.
 *
 * Static kinds generate moves with the equity of equity/equity.ts and pick
 * either the best (hasty, no-leave, common-word level 4) or one at random
 * with weight exp((equity - best) / temperature), which makes near-best
 * moves likely and bad ones rare; lower levels use a higher temperature and
 * a cap on word length. Common-word kinds generate over the common-English
 * graph (their own cross-check board, re-synchronised when the game board
 * changed). Searching kinds hand over to the endgame solver when the bag is
 * empty, to the pre-endgame search with one tile in the bag, and otherwise
 * (simming kinds) to the Monte-Carlo simulation.
 */
import { Prng } from '../game/prng.ts';
import { equityLeaveFn, openingPenalty } from '../equity/equity.ts';
import { Movegen } from '../movegen/movegen.ts';
import { MoveList, PLACE } from '../movegen/moves.ts';
import type { FastGame } from '../sim/fast-game.ts';
import type { BotKind } from './kinds.ts';
import type { BotResources } from './resources.ts';
import { searchingChoice, type SearchLimits } from './search.ts';
import { staticMoves, type Decision } from './static-moves.ts';

interface Choice {
  /** Softmax temperature over equity; 0 picks the best. */
  readonly temperature: number;
  /** Longest word (in squares) the bot considers. */
  readonly maxLength: number;
  /** Use leave values (false: score only). */
  readonly leaves: boolean;
}

/** Tuned so average scores rise with level (docs/BOTS.md has the measurements). */
const CHOICES: Partial<Record<BotKind, Choice>> = {
  prob1: { temperature: 8, maxLength: 6, leaves: false },
  prob2: { temperature: 6, maxLength: 8, leaves: false },
  prob3: { temperature: 5, maxLength: 15, leaves: true },
  prob4: { temperature: 3, maxLength: 21, leaves: true },
  prob5: { temperature: 1, maxLength: 21, leaves: true },
  common1: { temperature: 6, maxLength: 6, leaves: false },
  common2: { temperature: 4, maxLength: 8, leaves: false },
  common3: { temperature: 3, maxLength: 21, leaves: true },
  common4: { temperature: 0, maxLength: 21, leaves: true },
};

export class Bot {
  private rng: Prng;
  private mg: Movegen | null = null;
  private readonly own = new MoveList(512);
  /** Time and size limits of the searching kinds. */
  limits: SearchLimits = {};

  constructor(
    readonly kind: BotKind,
    readonly res: BotResources,
    seed = 1,
  ) {
    this.rng = Prng.seeded(seed);
  }

  /** Restart the bot's random choices (each autoplay game reseeds, so results do not depend on threads). */
  reseed(seed: number): void {
    this.rng = Prng.seeded(seed);
  }

  /** The generator for this bot's lexicon, on `game`'s board. */
  private movegenFor(game: FastGame): Movegen {
    const common = this.kind.startsWith('common') ? this.res.common : null;
    if (!common) return game.mg;
    if (!this.mg) this.mg = new Movegen(common, this.res.set, this.res.layout);
    this.mg.sync(game.board.squares);
    return this.mg;
  }

  choose(game: FastGame): Decision {
    const choice = CHOICES[this.kind];
    if (choice) return this.weighted(game, choice);
    if (this.kind === 'hasty' || this.kind === 'noleave') {
      return {
        list: staticMoves(game, this.kind === 'hasty' ? this.res.leaves : null, 1, this.own),
        index: 0,
      };
    }
    return searchingChoice(this, game, this.own);
  }

  private weighted(game: FastGame, choice: Choice): Decision {
    const mg = this.movegenFor(game);
    const p = game.onTurn;
    const list = mg.generate(
      null,
      game.racks[p],
      {
        leave: equityLeaveFn({
          model: choice.leaves ? this.res.leaves : null,
          bagSize: game.bagCount,
          oppRackValue: game.rackValue(1 - p),
          set: game.set,
        }),
        bagSize: game.bagCount,
        exchangeMinBag: game.exchangeMinBag,
        opening: openingPenalty(this.res.layout, this.res.set),
        top: choice.temperature === 0 ? 1 : undefined,
      },
      this.own,
    );
    if (choice.temperature === 0) return { list, index: 0 };
    let best = -Infinity;
    for (let i = 0; i < list.count; i++) {
      if (list.kind[i] === PLACE && list.len[i] > choice.maxLength) continue;
      if (list.equity[i] > best) best = list.equity[i];
    }
    let total = 0;
    const weights = new Float64Array(list.count);
    for (let i = 0; i < list.count; i++) {
      if (list.kind[i] === PLACE && list.len[i] > choice.maxLength) continue;
      weights[i] = Math.exp((list.equity[i] - best) / choice.temperature);
      total += weights[i];
    }
    let r = (this.rng.next() / 0x1_0000_0000) * total;
    for (let i = 0; i < list.count; i++) {
      r -= weights[i];
      if (r < 0 && weights[i] > 0) return { list, index: i };
    }
    // Only the pass is left (it is always generated last).
    return { list, index: list.count - 1 };
  }
}
