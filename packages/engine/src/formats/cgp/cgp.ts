/**
 * CGP: one line describing a position.
 *
 *   BOARD RACKS SCORES ZEROES [op args; ...]
 *
 * BOARD is the rows joined by '/', each a mix of digits (runs of empty
 * squares), uppercase tiles, lowercase blanks and bracketed multi-letter tiles
 * (`[CH]`, `[ch]`); RACKS and SCORES are two values joined by '/', the player
 * to move first (a rack may be empty, '?' is a blank); ZEROES counts the
 * scoreless turns so far. Operations follow, each ending in ';': `lex NWL23;`
 * `ld english;` `bdn CrosswordGame;` `var classic;` `gid ID;` `tmr 1500/1500;`.
 * Unknown operations are kept and written back.
 *
 * In CGP every multi-letter tile is bracketed, so bare letters are always
 * single tiles.
 */
import { boardLayout, isBoardLayoutName, type BoardLayoutName } from '../../board/layouts.ts';
import { isVariant, variantBoard, variantLetterSet, type Variant } from '../../rules/constants.ts';
import { err, ok, type Result } from '../../result.ts';
import {
  EMPTY,
  isLetterSetName,
  letterSet,
  letterSetForLexicon,
  type LetterSet,
  type LetterSetName,
} from '../../tiles/letter-sets.ts';
import { parseTiles, printTiles, sortTiles, type TileContext } from '../../tiles/notation.ts';

export interface CgpPosition {
  letters: LetterSetName;
  boardLayout: BoardLayoutName;
  variant: Variant;
  lexicon: string;
  /** Flat board, row by row, machine letters (0 = empty). */
  board: Uint8Array;
  /** Player to move first. */
  racks: [Uint8Array, Uint8Array];
  scores: [number, number];
  scorelessTurns: number;
  /** All operations in order, including the ones read into fields above. */
  ops: [string, string][];
}

export interface CgpOptions {
  letters?: LetterSetName;
  /** Line number to put in error messages (CGP files hold one position per line). */
  line?: number;
}

/** A single tile, a bracketed tile, or a run of digits. */
const TOKEN = /\d+|\[[^\]]*\]|./gu;

function opValue(ops: [string, string][], name: string): string | undefined {
  return ops.find(([op]) => op === name)?.[1];
}

function readTiles(
  set: LetterSet,
  text: string,
  context: TileContext,
  where: string,
): Result<number[], 'BAD_CGP'> {
  const out: number[] = [];
  for (const token of text.match(TOKEN) ?? []) {
    const t = parseTiles(set, token, context);
    if (!t.ok || t.value.length !== 1 || (context === 'word' && token === '.')) {
      const why = t.ok ? `'${token}' is not a tile of the ${set.name} letter set` : t.message;
      return err('BAD_CGP', `${where}: ${why}`);
    }
    out.push(t.value[0]);
  }
  return ok(out);
}

export function parseCgp(text: string, options: CgpOptions = {}): Result<CgpPosition, 'BAD_CGP'> {
  const line = options.line ?? 1;
  const bad = (message: string) => err('BAD_CGP', `line ${line}: ${message}`, line);
  const fields = text.trim().split(/\s+/);
  if (fields.length < 4 || fields[0] === '') {
    return bad('a CGP needs board, racks, scores and the scoreless-turn count');
  }
  const [boardText, rackText, scoreText, zeroText] = fields;
  const ops: [string, string][] = [];
  for (const chunk of fields.slice(4).join(' ').split(';')) {
    const op = chunk.trim();
    if (!op) continue;
    const space = op.indexOf(' ');
    ops.push(space < 0 ? [op, ''] : [op.slice(0, space), op.slice(space + 1).trim()]);
  }
  const rows = boardText.split('/');
  const varOp = opValue(ops, 'var') ?? 'classic';
  if (!isVariant(varOp)) return bad(`unknown variant '${varOp}'`);
  const bdn =
    opValue(ops, 'bdn') ?? (rows.length === 21 ? 'SuperCrosswordGame' : variantBoard(varOp));
  if (!isBoardLayoutName(bdn)) return bad(`unknown board layout '${bdn}'`);
  const lexicon = opValue(ops, 'lex') ?? '';
  const ld =
    options.letters ??
    opValue(ops, 'ld') ??
    variantLetterSet(varOp) ??
    (lexicon ? letterSetForLexicon(lexicon) : 'english');
  if (!isLetterSetName(ld)) return bad(`unknown letter distribution '${ld}'`);
  const set = letterSet(ld);
  const dim = boardLayout(bdn).dim;
  if (rows.length !== dim) return bad(`the board has ${rows.length} rows, expected ${dim}`);
  const board = new Uint8Array(dim * dim);
  for (let r = 0; r < dim; r++) {
    let col = 0;
    for (const token of rows[r].match(TOKEN) ?? []) {
      if (/^\d+$/.test(token)) {
        col += Number(token);
        continue;
      }
      const tiles = readTiles(set, token, 'word', `line ${line}: board row ${r + 1}`);
      if (!tiles.ok) return tiles;
      if (col < dim) board[r * dim + col] = tiles.value[0];
      col++;
    }
    if (col !== dim) return bad(`board row ${r + 1} has ${col} squares, expected ${dim}`);
  }
  const rackParts = rackText.split('/');
  if (rackParts.length !== 2)
    return bad(`racks must be two values joined by '/', got '${rackText}'`);
  const racks: Uint8Array[] = [];
  for (let i = 0; i < 2; i++) {
    const tiles = readTiles(set, rackParts[i], 'rack', `line ${line}: rack ${i + 1}`);
    if (!tiles.ok) return tiles;
    racks.push(Uint8Array.from(tiles.value));
  }
  const scores = scoreText.split('/');
  if (scores.length !== 2 || !scores.every((s) => /^-?\d+$/.test(s))) {
    return bad(`scores must be two numbers joined by '/', got '${scoreText}'`);
  }
  if (!/^\d+$/.test(zeroText)) return bad(`'${zeroText}' is not a count of scoreless turns`);
  return ok({
    letters: ld,
    boardLayout: bdn,
    variant: varOp,
    lexicon,
    board,
    racks: [racks[0], racks[1]],
    scores: [Number(scores[0]), Number(scores[1])],
    scorelessTurns: Number(zeroText),
    ops,
  });
}

export function writeCgp(pos: CgpPosition): string {
  const set = letterSet(pos.letters);
  const dim = boardLayout(pos.boardLayout).dim;
  const rows: string[] = [];
  for (let r = 0; r < dim; r++) {
    let row = '';
    let run = 0;
    for (let c = 0; c < dim; c++) {
      const t = pos.board[r * dim + c];
      if (t === EMPTY) {
        run++;
        continue;
      }
      if (run) row += String(run);
      run = 0;
      row += printTiles(set, [t], 'word', 'always');
    }
    rows.push(run ? row + String(run) : row);
  }
  const racks = pos.racks.map((r) => printTiles(set, sortTiles(r), 'rack', 'always')).join('/');
  const ops = pos.ops.map(([op, args]) => (args ? `${op} ${args};` : `${op};`)).join(' ');
  const head = `${rows.join('/')} ${racks} ${pos.scores.join('/')} ${pos.scorelessTurns}`;
  return ops ? `${head} ${ops}` : head;
}
