import {
  Board,
  BLANK_BIT,
  canonicalPlacement,
  checkPlacement,
  columnLetter,
  isTurn,
  LETTER_MASK,
  parseCoord,
  parseTiles,
  PLACEMENT_MESSAGES,
  printCoord,
  printTiles,
  Rack,
  scorePlacement,
  tileScoreTable,
  type Coord,
  type LetterSet,
} from '@tessera/engine';
import { bonusAt } from '../../../board/bonus.ts';
import { remainingAt } from '../state/clock.ts';
import type { GameView } from '../../../board/state/game-store.ts';
import { turnRows } from '../../../board/state/turns.ts';

/**
 * Blindfold mode (secret setting; docs/product/gameplay.md §5 "Blindfold"): the
 * board's tiles are hidden and the player types commands, each submitted by
 * Enter. Pure: a command is parsed from text, and an answer is worded from
 * the game view; the panel speaks it and sends the moves.
 *
 *   8H WORD / H8 WORD   play WORD from 8H across or from H8 down
 *   PASS, CHAL          pass; challenge the last play
 *   E TILES             exchange those tiles (? for a blank)
 *   P S T R B C N W L   the pool, scores, time, rack, board, one line or
 *                       square, names, whose turn, the last play
 */

export type InfoKey = 'P' | 'C' | 'S' | 'T' | 'R' | 'B' | 'N' | 'W' | 'L';

export type BlindfoldCommand =
  | { kind: 'play'; coord: Coord; word: string }
  | { kind: 'pass' }
  | { kind: 'challenge' }
  | { kind: 'exchange'; tiles: string }
  | { kind: 'info'; key: InfoKey; arg: string };

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** The on-screen help: every command and what it does. */
export const BLINDFOLD_HELP: readonly { command: string; meaning: string }[] = [
  {
    command: '8H WORD',
    meaning:
      'Play WORD from 8H across (H8 WORD: down). Include letters already on the board. A letter you do not hold is played with your blank; or type the blank’s letter in lower case (8H CaT).',
  },
  { command: 'PASS', meaning: 'Pass your turn.' },
  { command: 'CHAL', meaning: 'Challenge the last play.' },
  { command: 'E TILES', meaning: 'Exchange those tiles, ? for a blank (E QU?).' },
  { command: 'P', meaning: 'The pool: tiles you have not seen, and how many are in the bag.' },
  { command: 'C 8, C H, C H8', meaning: 'Read one row, one column or one square.' },
  { command: 'S', meaning: 'The scores and the spread.' },
  { command: 'T', meaning: 'Time left on both clocks (10 points per started overtime minute).' },
  { command: 'R', meaning: 'Read your rack.' },
  { command: 'B', meaning: 'Read the board: every word, across then down.' },
  { command: 'N', meaning: 'The players’ names and ratings.' },
  { command: 'W', meaning: 'Whose turn it is.' },
  { command: 'L', meaning: 'The last play.' },
];

const INFO_KEYS: readonly InfoKey[] = ['P', 'C', 'S', 'T', 'R', 'B', 'N', 'W', 'L'];
const COMMAND_LIST =
  'a coordinate and a word (8H WORD), PASS, CHAL, E, P, C, S, T, R, B, N, W or L';

export function parseCommand(text: string, dim: number): Parsed<BlindfoldCommand> {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { ok: false, message: `Type ${COMMAND_LIST}.` };
  const head = parts[0].toUpperCase();
  const rest = parts.slice(1).join('');
  if (head === 'PASS' && parts.length === 1) return { ok: true, value: { kind: 'pass' } };
  if (head === 'CHAL' && parts.length === 1) return { ok: true, value: { kind: 'challenge' } };
  if (head === 'E') {
    if (!rest) return { ok: false, message: 'Say which tiles to exchange, for example E QU?.' };
    return { ok: true, value: { kind: 'exchange', tiles: rest } };
  }
  if ((INFO_KEYS as readonly string[]).includes(head)) {
    return {
      ok: true,
      value: { kind: 'info', key: head as InfoKey, arg: parts.slice(1).join(' ') },
    };
  }
  const coord = parseCoord(parts[0], dim);
  if (coord.ok) {
    if (parts.length !== 2) {
      return {
        ok: false,
        message: `Type the word after the coordinate, for example ${parts[0].toUpperCase()} CAT.`,
      };
    }
    return { ok: true, value: { kind: 'play', coord: coord.value, word: parts[1] } };
  }
  return { ok: false, message: `Unknown command: ${text.trim()}. Type ${COMMAND_LIST}.` };
}

// ----- plays -----

export interface BlindPlay {
  coords: string;
  /** The tiles to send: '.' for each square played through. */
  tiles: string;
  /** The whole word along the line, letters on the board included: what is said. */
  word: string;
  score: number;
}

/**
 * The placement a typed play means on `view`'s board. Letters already on
 * the board are played through ('.' also works). When the word mixes cases,
 * lower case marks a blank (GCG's way); otherwise a letter the rack does not
 * hold is played with a blank, if there is one.
 */
export function blindPlay(view: GameView, coord: Coord, word: string): Parsed<BlindPlay> {
  const { set, layout } = view;
  const letters = word.replace(/[^\p{L}]/gu, '');
  const mixed = letters !== letters.toUpperCase() && letters !== letters.toLowerCase();
  const parsed = parseTiles(set, mixed ? word : word.toUpperCase(), 'word');
  if (!parsed.ok) return { ok: false, message: `${word} is not a word of this game’s tiles.` };
  const tiles = Uint8Array.from(parsed.value);
  const board = Board.fromSquares(layout, view.squares);
  const dim = layout.dim;
  const dr = coord.vertical ? 1 : 0;
  const dc = coord.vertical ? 0 : 1;
  for (let k = 0; k < tiles.length; k++) {
    const r = coord.row + dr * k;
    const c = coord.col + dc * k;
    if (r >= dim || c >= dim) return { ok: false, message: PLACEMENT_MESSAGES.OFF_BOARD };
    const there = view.squares[r * dim + c];
    if (there === 0) continue;
    if (tiles[k] !== 0 && (tiles[k] & LETTER_MASK) !== (there & LETTER_MASK)) {
      return {
        ok: false,
        message: `${squareName(r, c)} holds ${letterWord(set, there)}, not ${letterWord(set, tiles[k])}.`,
      };
    }
    tiles[k] = 0;
  }
  if (!mixed) {
    const counts = Rack.of(set, view.rack).counts.slice();
    for (let k = 0; k < tiles.length; k++) {
      const t = tiles[k];
      if (t === 0 || t & BLANK_BIT) continue;
      if (counts[t] > 0) counts[t]--;
      else if (counts[0] > 0) {
        counts[0]--;
        tiles[k] = t | BLANK_BIT;
      }
    }
  }
  const placement = canonicalPlacement(board, { ...coord, tiles });
  const code = checkPlacement(board, placement, Rack.of(set, view.rack), set.size);
  if (code) return { ok: false, message: PLACEMENT_MESSAGES[code] };
  // Spoken, "8H CART" reads better than "8H .ART" (the tiles sent).
  const [pr, pc] = placement.vertical ? [1, 0] : [0, 1];
  const whole = Array.from(placement.tiles, (t, k) =>
    t !== 0 ? t : view.squares[(placement.row + pr * k) * dim + placement.col + pc * k],
  );
  return {
    ok: true,
    value: {
      coords: printCoord(placement),
      tiles: printTiles(set, placement.tiles, 'word'),
      word: printTiles(set, whole, 'word'),
      score: scorePlacement(board, placement, tileScoreTable(set)),
    },
  };
}

// ----- answers -----

const squareName = (row: number, col: number) => `${columnLetter(col)}${row + 1}`;

/** A tile in words: "C", "blank", "blank as E". */
export function letterWord(set: LetterSet, tile: number): string {
  if (tile === 0) return 'blank';
  const rune = set.letters[tile & LETTER_MASK]?.rune ?? '?';
  return tile & BLANK_BIT ? `blank as ${rune}` : rune;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function timeWords(ms: number): string {
  const s = Math.floor(Math.abs(ms) / 1000);
  const m = Math.floor(s / 60);
  const parts = [m > 0 ? plural(m, 'minute') : '', plural(s % 60, 'second')].filter(Boolean);
  return parts.join(' ');
}

/** 10 points per started overtime minute (docs/product/gameplay.md §5 "Blindfold"). */
export const OVERTIME_PENALTY_PER_MINUTE = 10;

export function overtimePenalty(ms: number): number {
  return ms >= 0 ? 0 : Math.ceil(-ms / 60_000) * OVERTIME_PENALTY_PER_MINUTE;
}

function names(view: GameView): string[] {
  return view.players.map((p, i) => (i === view.viewerIndex ? 'you' : p.nickname));
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The words on the board, across then down, as "8H CAT". */
export function boardWords(view: GameView): { across: string[]; down: string[] } {
  const dim = view.layout.dim;
  const out = { across: [] as string[], down: [] as string[] };
  for (const vertical of [false, true]) {
    for (let line = 0; line < dim; line++) {
      let run: number[] = [];
      let start = 0;
      const flush = () => {
        if (run.length >= 2) {
          const row = vertical ? start : line;
          const col = vertical ? line : start;
          const text = `${printCoord({ row, col, vertical })} ${printTiles(view.set, run, 'word')}`;
          (vertical ? out.down : out.across).push(text);
        }
        run = [];
      };
      for (let k = 0; k < dim; k++) {
        const t = view.squares[vertical ? k * dim + line : line * dim + k];
        if (t === 0) flush();
        else {
          if (run.length === 0) start = k;
          run.push(t);
        }
      }
      flush();
    }
  }
  return out;
}

function readLine(view: GameView, arg: string): Parsed<string> {
  const dim = view.layout.dim;
  const text = arg.replace(/\s+/g, '').toUpperCase();
  if (!text) {
    return {
      ok: false,
      message: 'Say which row, column or square to read, for example C 8, C H or C H8.',
    };
  }
  const square = parseCoord(text, dim);
  if (square.ok) {
    const { row, col } = square.value;
    const index = row * dim + col;
    const t = view.squares[index];
    if (t) return { ok: true, value: `${squareName(row, col)}: ${letterWord(view.set, t)}.` };
    const bonus = bonusAt(view.layout, index).name;
    const centre = index === view.layout.centre ? 'centre' : '';
    return {
      ok: true,
      value: `${squareName(row, col)}: empty${[bonus, centre]
        .filter(Boolean)
        .map((w) => `, ${w}`)
        .join('')}.`,
    };
  }
  const cells: string[] = [];
  let title: string;
  if (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= dim) {
    const row = Number(text) - 1;
    title = `Row ${text}`;
    for (let col = 0; col < dim; col++) {
      const t = view.squares[row * dim + col];
      if (t) cells.push(`${columnLetter(col)} ${letterWord(view.set, t)}`);
    }
  } else if (/^[A-Z]$/.test(text) && text.charCodeAt(0) - 65 < dim) {
    const col = text.charCodeAt(0) - 65;
    title = `Column ${text}`;
    for (let row = 0; row < dim; row++) {
      const t = view.squares[row * dim + col];
      if (t) cells.push(`${row + 1} ${letterWord(view.set, t)}`);
    }
  } else {
    return { ok: false, message: `${arg} is not a row, column or square of this board.` };
  }
  return {
    ok: true,
    value: cells.length ? `${title}: ${cells.join(', ')}.` : `${title} is empty.`,
  };
}

export function lastPlay(view: GameView): string {
  const rows = turnRows(view.events);
  if (rows.length === 0) return 'No moves yet.';
  let i = rows.length - 1;
  // A challenge bonus or returned tiles belong with the turn before; say the turn.
  while (i > 0 && !isTurn(view.events[i].type) && view.events[i].type !== 'PHONY_TILES_RETURNED')
    i--;
  const row = rows[i];
  const who = capital(names(view)[row.playerIndex] ?? 'someone');
  const pts = plural(row.score, 'point');
  if (row.type === 'TILE_PLACEMENT_MOVE')
    return `${who} played ${row.position} ${row.move} for ${pts}.`;
  return row.score !== 0 ? `${who}: ${row.move}, ${pts}.` : `${who}: ${row.move}.`;
}

/** The answer to an information command, in words to show and to speak. */
export function answer(view: GameView, key: InfoKey, arg: string, now: number): Parsed<string> {
  if (key === 'C') return readLine(view, arg);
  return { ok: true, value: infoAnswer(view, key, now) };
}

function infoAnswer(view: GameView, key: Exclude<InfoKey, 'C'>, now: number): string {
  const who = names(view);
  const me = view.viewerIndex;
  switch (key) {
    case 'R': {
      if (me < 0) return 'You have no rack in this game.';
      if (view.rack.length === 0) return 'Your rack is empty.';
      return `Your rack: ${Array.from(view.rack, (t) => letterWord(view.set, t)).join(', ')}.`;
    }
    case 'S': {
      const [a, b] = view.scores;
      const line = `Scores: ${who[0]} ${a}, ${who[1]} ${b}.`;
      if (a === b) return `${line} Tied.`;
      const lead = a > b ? 0 : 1;
      const verb = lead === me ? 'lead' : 'leads';
      return `${line} ${capital(who[lead])} ${verb} by ${Math.abs(a - b)}.`;
    }
    case 'T': {
      if (view.clocks.untimed) return 'This game is untimed.';
      return [0, 1]
        .map((p) => {
          const ms = remainingAt(view.clocks, p, now);
          const name = capital(who[p]);
          const have = p === me ? 'have' : 'has';
          if (ms >= 0) return `${name} ${have} ${timeWords(ms)}.`;
          const are = p === me ? 'are' : 'is';
          return `${name} ${are} ${timeWords(ms)} into overtime, a penalty of ${overtimePenalty(ms)} points.`;
        })
        .join(' ');
    }
    case 'B': {
      const { across, down } = boardWords(view);
      if (across.length + down.length === 0) return 'The board is empty.';
      const part = (title: string, words: string[]) =>
        words.length ? `${title}: ${words.join(', ')}.` : '';
      return [part('Across', across), part('Down', down)].filter(Boolean).join(' ');
    }
    case 'P': {
      const counts: string[] = [];
      let total = 0;
      view.unseen.forEach((n, code) => {
        if (n === 0) return;
        total += n;
        counts.push(`${n} ${letterWord(view.set, code)}`);
      });
      const bag = `${plural(view.bagCount, 'tile')} in the bag.`;
      return total ? `${bag} Unseen, ${total}: ${counts.join(', ')}.` : `${bag} No tiles unseen.`;
    }
    case 'N': {
      const [a, b] = view.players;
      const rating = (p: typeof a) => (p.established || p.rating ? `, rated ${p.rating}` : '');
      if (me < 0) return `${a.nickname}${rating(a)}, versus ${b.nickname}${rating(b)}.`;
      const opp = view.players[1 - me];
      return `You are ${view.players[me].nickname}, playing ${opp.nickname}${rating(opp)}.`;
    }
    case 'W': {
      if (view.playState === 'GAME_OVER') return 'The game is over.';
      if (view.playerOnTurn === me) return 'It is your turn.';
      return `It is ${view.players[view.playerOnTurn]?.nickname ?? 'the other player'}’s turn.`;
    }
    case 'L':
      return lastPlay(view);
  }
}
