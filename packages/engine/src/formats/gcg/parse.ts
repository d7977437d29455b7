/**
 * GCG text to a record: pragmas and move lines, with tile text kept as text
 * (the letter set may only be known once all the tiles have been seen). No
 * game rules are applied here; formats/gcg/replay.ts does that.
 *
 * Move lines, after `>name:` (the rack may be empty):
 *   RACK 8D WORD +score cum     a play ('.' = played through, lowercase = blank)
 *   RACK - +0 cum               a pass
 *   RACK -ABC +0 cum            an exchange (or -7 when only the count is known)
 *   RACK -- -24 cum             the previous play taken off as a phony
 *   RACK (challenge) +5 cum     bonus for a challenge that failed (+0: a free challenge)
 *   (OPEG) +14 cum              points for the opponent's tiles after going out
 *   RACK (time) -10 cum         overtime penalty
 *   FWLI (FWLI) -10 cum         own tiles lost at the six-zero end
 * A pass followed by `#note #unsuccessful-challenge` is a challenge that cost
 * the turn. Tessera also writes `#resigned nick RACK` and `#timed-out nick RACK` for
 * endings GCG has no move line for. Lines end in LF or CRLF; blank lines are ignored; a line that is
 * neither a move nor a pragma continues the preceding #note.
 */
import { err, ok, type Result } from '../../result.ts';
import { checkDeclaredEncoding, decodeGcg } from './decode.ts';

export type GcgMoveKind =
  | 'play'
  | 'pass'
  | 'exchange'
  | 'phony'
  | 'challenge'
  | 'endRack'
  | 'rackPenalty'
  | 'time'
  | 'unsuccessfulChallenge'
  | 'resigned'
  | 'timedOut';

export interface GcgMove {
  /** 1-based line in the file. */
  line: number;
  nickname: string;
  kind: GcgMoveKind;
  rack: string;
  /** play: coordinate and word; exchange: tiles (or '' with `count`). */
  position: string;
  word: string;
  exchanged: string;
  count: number;
  /** endRack / rackPenalty: the tiles in parentheses. */
  counted: string;
  score: number;
  cumulative: number;
  note: string;
}

export interface GcgPlayer {
  nickname: string;
  realName: string;
}

export interface GcgRecord {
  players: [GcgPlayer | null, GcgPlayer | null];
  title: string;
  description: string;
  idAuthority: string;
  id: string;
  lexicon: string;
  gameType: string;
  boardLayout: string;
  tileDistribution: string;
  challengeRule: string;
  incomplete: boolean;
  /** `#tile RUNE ALIAS`: another spelling of a (multi-letter) tile in this file. */
  tileAliases: Map<string, string>;
  /** `#rack1` / `#rack2`: racks after the last move (incomplete games), and their lines. */
  racks: [string | null, string | null];
  rackLines: [number, number];
  /** Notes that came before the first move. */
  preamble: string;
  moves: GcgMove[];
}

const SCORE = /^[+-]\d+$/;
const CUMULATIVE = /^-?\d+$/;
const COORD = /^(\d{1,2}[A-Za-z]|[A-Za-z]\d{1,2})$/;
const UNSUCCESSFUL = '#unsuccessful-challenge';

function fail(line: number, message: string): Result<never, 'BAD_GCG'> {
  return err('BAD_GCG', `line ${line}: ${message}`, line);
}

function newRecord(): GcgRecord {
  return {
    players: [null, null],
    title: '',
    description: '',
    idAuthority: '',
    id: '',
    lexicon: '',
    gameType: '',
    boardLayout: '',
    tileDistribution: '',
    challengeRule: '',
    incomplete: false,
    tileAliases: new Map(),
    racks: [null, null],
    rackLines: [0, 0],
    preamble: '',
    moves: [],
  };
}

function bareMove(line: number, nickname: string, kind: GcgMoveKind): GcgMove {
  return {
    line,
    nickname,
    kind,
    rack: '',
    position: '',
    word: '',
    exchanged: '',
    count: 0,
    counted: '',
    score: 0,
    // No running total is written for these; NaN marks it as not recorded.
    cumulative: Number.NaN,
    note: '',
  };
}

function parseMove(text: string, line: number): Result<GcgMove, 'BAD_GCG'> {
  const colon = text.indexOf(':');
  if (colon < 0) return fail(line, `a move line needs '>name:' (got '${text}')`);
  const nickname = text.slice(1, colon).trim();
  if (!nickname) return fail(line, 'the move line has no player name before ":"');
  const tokens = text
    .slice(colon + 1)
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (tokens.length < 3)
    return fail(line, `cannot read the move '${text.slice(colon + 1).trim()}'`);
  const cumText = tokens.pop()!;
  const scoreText = tokens.pop()!;
  if (!SCORE.test(scoreText)) return fail(line, `'${scoreText}' is not a score like +32 or -10`);
  if (!CUMULATIVE.test(cumText)) return fail(line, `'${cumText}' is not a running total`);
  const move = bareMove(line, nickname, 'play');
  move.score = Number(scoreText);
  move.cumulative = Number(cumText);
  // What is left: [rack] action [word]
  const action = tokens.length >= 2 && COORD.test(tokens[tokens.length - 2]) ? 2 : 1;
  if (tokens.length - action > 1) {
    return fail(line, `cannot read the move '${tokens.join(' ')}'`);
  }
  move.rack = tokens.length > action ? tokens[0] : '';
  const a = tokens[tokens.length - action];
  if (action === 2) {
    move.position = a;
    move.word = tokens[tokens.length - 1];
  } else if (a === '-') move.kind = 'pass';
  else if (a === '--') move.kind = 'phony';
  else if (a === '(challenge)') move.kind = 'challenge';
  else if (a === '(time)') move.kind = 'time';
  else if (/^\(.*\)$/.test(a)) {
    move.kind = move.score < 0 ? 'rackPenalty' : 'endRack';
    move.counted = a.slice(1, -1);
  } else if (a.startsWith('-') && a.length > 1) {
    move.kind = 'exchange';
    if (/^-\d+$/.test(a)) move.count = Number(a.slice(1));
    else move.exchanged = a.slice(1);
  } else {
    return fail(line, `cannot read the move '${tokens.join(' ')}'`);
  }
  return ok(move);
}

function pragma(
  record: GcgRecord,
  name: string,
  value: string,
  line: number,
): Result<true, 'BAD_GCG'> {
  switch (name) {
    case 'player1':
    case 'player2': {
      const [nickname, ...real] = value.split(/\s+/);
      if (!nickname) return fail(line, `#${name} needs a nickname`);
      record.players[name === 'player1' ? 0 : 1] = {
        nickname,
        realName: real.join(' ') || nickname,
      };
      return ok(true);
    }
    case 'rack1':
    case 'rack2':
      record.racks[name === 'rack1' ? 0 : 1] = value;
      record.rackLines[name === 'rack1' ? 0 : 1] = line;
      return ok(true);
    case 'id': {
      const [authority, ...id] = value.split(/\s+/);
      record.idAuthority = authority ?? '';
      record.id = id.join(' ');
      return ok(true);
    }
    case 'tile': {
      const [rune, alias] = value.split(/\s+/);
      if (!rune || !alias)
        return fail(line, '#tile needs a tile and its spelling, e.g. #tile CH ç');
      record.tileAliases.set(alias, rune);
      return ok(true);
    }
    case 'title':
    case 'description':
    case 'lexicon':
    case 'boardLayout':
    case 'tileDistribution':
    case 'gameType':
    case 'challengeRule':
      record[name] = value;
      return ok(true);
    case 'incomplete':
      record.incomplete = true;
      return ok(true);
    default:
      // Unknown pragmas (other programs' extensions) are ignored.
      return ok(true);
  }
}

const CAMEL: Record<string, string> = {
  'board-layout': 'boardLayout',
  'tile-distribution': 'tileDistribution',
  'game-type': 'gameType',
  'challenge-rule': 'challengeRule',
};

export function parseGcgText(text: string): Result<GcgRecord, 'BAD_GCG' | 'UNSUPPORTED_ENCODING'> {
  const enc = checkDeclaredEncoding(text);
  if (!enc.ok) return enc;
  const record = newRecord();
  const lines = text.split(/\r?\n/);
  let noteOpen = false;
  let lastMove: GcgMove | null = null;
  const addNote = (note: string) => {
    if (lastMove) lastMove.note = lastMove.note ? `${lastMove.note}\n${note}` : note;
    else record.preamble = record.preamble ? `${record.preamble}\n${note}` : note;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = i + 1;
    const raw = lines[i].replace(/\r$/, '');
    if (raw.trim() === '') {
      noteOpen = false;
      continue;
    }
    if (raw.startsWith('>')) {
      const move = parseMove(raw, line);
      if (!move.ok) return move;
      record.moves.push(move.value);
      lastMove = move.value;
      noteOpen = false;
    } else if (raw.startsWith('#')) {
      const m = /^#([A-Za-z0-9-]+)(?:[ \t](.*))?$/.exec(raw);
      if (!m) return fail(line, `cannot read the pragma '${raw}'`);
      const name = m[1];
      if (name === 'note') {
        addNote(m[2] ?? '');
        noteOpen = true;
        continue;
      }
      noteOpen = false;
      if (name === 'character-encoding') continue; // checked above
      if (name === 'resigned' || name === 'timed-out') {
        // Tessera's own pragmas for endings GCG has no move line for.
        const [nick, rack] = (m[2] ?? '').trim().split(/\s+/);
        const move = bareMove(line, nick ?? '', name === 'resigned' ? 'resigned' : 'timedOut');
        if (!move.nickname) return fail(line, `#${name} needs the player's nickname`);
        move.rack = rack ?? '';
        record.moves.push(move);
        lastMove = move;
        continue;
      }
      const r = pragma(record, CAMEL[name] ?? name, (m[2] ?? '').trim(), line);
      if (!r.ok) return r;
    } else if (noteOpen) {
      addNote(raw);
    } else {
      return fail(line, `expected a move ('>name: ...') or a pragma ('#...'), got '${raw}'`);
    }
  }
  // A pass whose note starts #unsuccessful-challenge lost the turn to a challenge.
  for (const move of record.moves) {
    if (move.kind === 'pass' && move.note.startsWith(UNSUCCESSFUL)) {
      move.kind = 'unsuccessfulChallenge';
      move.note = move.note.slice(UNSUCCESSFUL.length).replace(/^[ \n]/, '');
    }
  }
  return ok(record);
}

/** Decode (bytes or text) and parse a GCG file. */
export function parseGcg(
  input: Uint8Array | string,
): Result<GcgRecord, 'BAD_GCG' | 'UNSUPPORTED_ENCODING'> {
  const text = decodeGcg(input);
  return text.ok ? parseGcgText(text.value) : text;
}
