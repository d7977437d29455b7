/**
 * Random legal games for property tests and benchmarks, reproducible from a
 * seed. The "lexicon" is a Set that grows as the game goes: before most plays
 * the player adds the words the play forms (as if they were in the word list),
 * so some plays are phonies, which VOID refuses and the other rules let the
 * opponent challenge off.
 */
import {
  anagramKey,
  applyTimePenalties,
  challenge,
  checkerForVariant,
  checkPlacement,
  createGame,
  exchange,
  invalidWords,
  parseTiles,
  lastTurn,
  pass,
  play,
  Prng,
  resign,
  timeOut,
  wordKey,
  wordsFormed,
  type ChallengeRule,
  type GameState,
  type LetterSetName,
  type Placement,
  type Variant,
  type WordChecker,
} from '../../src/index.ts';

export interface RandomGameOptions {
  seed: number;
  rule: ChallengeRule;
  variant?: Variant;
  letters?: LetterSetName;
  /** Allow resignations, time-outs and time penalties. */
  endings?: boolean;
  maxEvents?: number;
  /** Chance of passing instead of playing, per thousand (default 30). */
  passRate?: number;
}

function shuffled(rng: Prng, tiles: Uint8Array): number[] {
  const out = Array.from(tiles);
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A random placement that passes the placement rules, or null. */
export function randomPlacement(g: GameState, rng: Prng, attempts = 60): Placement | null {
  const p = g.playerOnTurn;
  const rackTiles = g.racks[p].tiles();
  if (rackTiles.length === 0) return null;
  const { board } = g;
  const dim = board.dim;
  const occupied: number[] = [];
  for (let i = 0; i < board.squares.length; i++) if (board.squares[i]) occupied.push(i);
  for (let a = 0; a < attempts; a++) {
    const k = 1 + rng.below(rackTiles.length);
    const tiles = shuffled(rng, rackTiles)
      .slice(0, k)
      .map((t) => (t === 0 ? (1 + rng.below(g.set.size - 1)) | 0x80 : t));
    const vertical = rng.below(2) === 1;
    let anchor = board.layout.centre;
    if (occupied.length) {
      const sq = occupied[rng.below(occupied.length)];
      const [dr, dc] = [
        [0, 1],
        [0, -1],
        [1, 0],
        [-1, 0],
      ][rng.below(4)];
      const r = Math.floor(sq / dim) + dr;
      const c = (sq % dim) + dc;
      if (!board.inBounds(r, c) || board.get(r, c)) continue;
      anchor = r * dim + c;
    }
    const step = vertical ? dim : 1;
    let row = Math.floor(anchor / dim);
    let col = anchor % dim;
    const back = rng.below(k);
    row -= vertical ? back : 0;
    col -= vertical ? 0 : back;
    if (row < 0 || col < 0) continue;
    const line: number[] = [];
    let placed = 0;
    for (let sq = row * dim + col; placed < k; sq += step) {
      const r = Math.floor(sq / dim);
      const c = sq % dim;
      if (r >= dim || (vertical ? c !== col : r !== row)) break;
      if (board.squares[sq]) line.push(0);
      else line.push(tiles[placed++]);
    }
    if (placed < k) continue;
    const placement = { row, col, vertical, tiles: Uint8Array.from(line) };
    if (checkPlacement(board, placement, g.racks[p], g.set.size) === null) return placement;
  }
  return null;
}

function words(g: GameState, text: string): Uint8Array {
  const t = parseTiles(g.set, text, 'word');
  if (!t.ok) throw new Error(t.message);
  return t.value;
}

export interface RandomGame {
  game: GameState;
  checker: WordChecker;
}

export function randomGame(options: RandomGameOptions): RandomGame {
  const variant = options.variant ?? 'classic';
  const g = createGame({
    variant,
    challengeRule: options.rule,
    letterDistribution: options.letters,
    seed: options.seed,
    players: [{ nickname: 'ann' }, { nickname: 'bob' }],
  });
  const rng = Prng.seeded(options.seed ^ 0x5eed);
  const valid = new Set<string>();
  const keyOf = variant === 'wordsmog' ? anagramKey : wordKey;
  const lexicon = {
    has: (w: ArrayLike<number>) => valid.has(wordKey(w)),
    hasAnagram: (w: ArrayLike<number>) => valid.has(anagramKey(w)),
  };
  const resolved = checkerForVariant(variant, lexicon);
  if (!resolved.ok) throw new Error(resolved.message);
  const checker = resolved.value;
  const opts = { checker };
  const max = options.maxEvents ?? 400;
  while (g.playState !== 'GAME_OVER' && g.events.length < max) {
    const p = g.playerOnTurn;
    const last = lastTurn(g);
    const challengeable =
      options.rule !== 'VOID' &&
      last?.type === 'TILE_PLACEMENT_MOVE' &&
      last.playerIndex !== p &&
      !g.events.slice(g.events.indexOf(last) + 1).some((e) => e.type.startsWith('CHALLENGE'));
    // An informed challenger: phonies are usually challenged, valid plays seldom.
    const phony =
      challengeable &&
      invalidWords(
        checker,
        last.wordsFormed.map((w) => words(g, w)),
      ).length > 0;
    const odds = phony ? 60 : options.rule === 'TRIPLE' ? 2 : 12;
    if (challengeable && rng.below(100) < odds) {
      const r = challenge(g, p, opts);
      if (!r.ok) throw new Error(r.message);
      continue;
    }
    if (g.playState === 'WAITING_FOR_FINAL_PASS') {
      pass(g, p, opts);
      continue;
    }
    const roll = rng.below(1000);
    if (options.endings && roll < 12 && g.events.length > 20) {
      (roll < 6 ? resign : timeOut)(g, p, opts);
      break;
    }
    if (roll < 60 && g.bag.size >= g.rules.exchangeMinBag) {
      const tiles = shuffled(rng, g.racks[p].tiles());
      exchange(g, p, tiles.slice(0, 1 + rng.below(tiles.length)), opts);
      continue;
    }
    const placement = roll < 60 + (options.passRate ?? 30) ? null : randomPlacement(g, rng);
    if (!placement) {
      pass(g, p, opts);
      continue;
    }
    if (rng.below(100) < 85) {
      for (const w of wordsFormed(g.board, placement)) valid.add(keyOf(w));
    }
    const r = play(g, p, placement, opts);
    if (!r.ok) {
      if (r.code !== 'INVALID_WORDS') throw new Error(r.message);
      pass(g, p, opts);
    }
  }
  if (options.endings && g.playState === 'GAME_OVER' && rng.below(3) === 0) {
    applyTimePenalties(g, [-1 - rng.below(200_000), 5_000]);
  }
  return { game: g, checker };
}
