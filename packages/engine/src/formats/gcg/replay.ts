/**
 * A GCG record to a game, checking the record as it goes.
 *
 * Each move line becomes an event and goes through the game reducer, so an
 * illegal line (a tile not on the rack, a play not touching the board) stops
 * the replay with an error naming the line. Before each line is applied its
 * score is recomputed from the position: plays by the scoring rules, phonies
 * as minus the withdrawn play, end-of-game rack points as twice the counted
 * tiles, rack penalties as their value. Scores that cannot be derived from
 * the record (challenge bonus, time penalty) are taken as written. A
 * recomputed score that differs from the file, or a running total that does
 * not add up, is reported as a mismatch; the game itself follows the file.
 */
import { isBoardLayoutName } from '../../board/layouts.ts';
import {
  isChallengeRule,
  isVariant,
  variantBoard,
  type ChallengeRule,
  type Variant,
} from '../../rules/constants.ts';
import { err, ok, type Err, type Result } from '../../result.ts';
import { setRacks } from '../../game/history.ts';
import { applyEvent } from '../../game/reduce.ts';
import { createGame, type GameState } from '../../game/state.ts';
import { isLetterSetName, type LetterSetName } from '../../tiles/letter-sets.ts';
import { parseTiles } from '../../tiles/notation.ts';
import { decodeGcg } from './decode.ts';
import { aliasesFor, inferLetterSet } from './letters.ts';
import { fail, moveToEvent } from './move-event.ts';
import { parseGcgText, type GcgRecord } from './parse.ts';

export interface GcgOptions {
  /** Letter set to read tiles with; otherwise from the pragmas or the tiles. */
  letters?: LetterSetName;
  /** GCG does not record the challenge rule; DOUBLE unless given or in #challenge-rule. */
  challengeRule?: ChallengeRule;
}

export interface GcgMismatch {
  line: number;
  recorded: number;
  computed: number;
}

export interface GcgReplay {
  game: GameState;
  record: GcgRecord;
  /** Move lines applied. */
  turns: number;
  /** Running totals from the recomputed scores, by player order. */
  computed: [number, number];
  mismatches: GcgMismatch[];
  /** The first line that could not be applied, if any. */
  error: Err | null;
  /** Lines that were read but could not be used (an impossible #rack2). */
  warnings: string[];
}

function newGameFor(record: GcgRecord, options: GcgOptions): Result<GameState> {
  const letters = options.letters ?? inferLetterSet(record);
  if (!isLetterSetName(letters)) return err('BAD_OPTIONS', `unknown letter set '${letters}'`);
  const variant: Variant = isVariant(record.gameType) ? record.gameType : 'classic';
  const boardLayout = isBoardLayoutName(record.boardLayout)
    ? record.boardLayout
    : variantBoard(variant);
  const named = record.challengeRule.toUpperCase();
  const challengeRule =
    options.challengeRule ?? (isChallengeRule(named) ? named : ('DOUBLE' as ChallengeRule));
  const first = record.moves[0]?.nickname;
  const players = record.players.map((p, i) => p ?? { nickname: `player${i + 1}`, realName: '' });
  const firstPlayer = first && players[1].nickname === first ? 1 : 0;
  return ok(
    createGame(
      {
        variant,
        challengeRule,
        lexicon: record.lexicon,
        letterDistribution: letters,
        boardLayout,
        firstPlayer,
        players: [
          { nickname: players[0].nickname, realName: players[0].realName || players[0].nickname },
          { nickname: players[1].nickname, realName: players[1].realName || players[1].nickname },
        ],
        meta: {
          type: 'annotated',
          title: record.title,
          description: record.description,
          uid: record.id,
          idAuth: record.idAuthority,
        },
      },
      false,
    ),
  );
}

export function replayGcgRecord(record: GcgRecord, options: GcgOptions = {}): Result<GcgReplay> {
  const made = newGameFor(record, options);
  if (!made.ok) return made;
  const g = made.value;
  const aliases = aliasesFor(g.set, record);
  const result: GcgReplay = {
    game: g,
    record,
    turns: 0,
    computed: [0, 0],
    mismatches: [],
    error: null,
    warnings: [],
  };
  const recorded = [0, 0];
  const lastPlayScore = [0, 0];
  for (const move of record.moves) {
    const p = g.players.findIndex((pl) => pl.nickname === move.nickname);
    if (p < 0) {
      result.error = fail(move.line, `'${move.nickname}' is neither #player1 nor #player2`);
      return ok(result);
    }
    const s = moveToEvent(g, move, p, aliases, lastPlayScore);
    if (!s.ok) {
      result.error = s;
      return ok(result);
    }
    const applied = applyEvent(g, s.value.event);
    if (!applied.ok) {
      result.error = fail(move.line, applied.message, applied.code);
      return ok(result);
    }
    const computed = s.value.computed ?? move.score;
    if (computed !== move.score) {
      result.mismatches.push({ line: move.line, recorded: move.score, computed });
    }
    if (!Number.isNaN(move.cumulative)) {
      const expected = recorded[p] + move.score;
      if (move.cumulative !== expected) {
        result.mismatches.push({ line: move.line, recorded: move.cumulative, computed: expected });
      }
      recorded[p] = move.cumulative;
    }
    result.computed[p] += computed;
    result.turns++;
  }
  applyRackPragmas(g, record, aliases, result.warnings);
  return ok(result);
}

/**
 * `#rack1` / `#rack2` give the racks to move with next. One that cannot be
 * right (more of a letter than the bag and board allow) is skipped with a
 * warning: the moves themselves were fine.
 */
function applyRackPragmas(
  g: GameState,
  record: GcgRecord,
  aliases: Map<string, number>,
  warnings: string[],
): void {
  let firstSet = false;
  for (const p of [0, 1]) {
    const text = record.racks[p];
    if (text === null) continue;
    const where = `line ${record.rackLines[p]}: #rack${p + 1} ${text}`;
    const tiles = parseTiles(g.set, text, 'rack', { aliases });
    if (!tiles.ok) {
      warnings.push(`${where}: ${tiles.message}`);
      continue;
    }
    // The second pragma must not take tiles from the rack the first one set.
    const keep = p === 1 && firstSet ? g.racks[0].tiles() : null;
    const set = setRacks(g, p === 0 ? [tiles.value, null] : [keep, tiles.value]);
    if (p === 0) firstSet = set.ok;
    if (!set.ok) warnings.push(`${where}: ${set.message}`);
  }
}

/** Decode, parse and replay a GCG file (bytes or text). */
export function replayGcg(input: Uint8Array | string, options: GcgOptions = {}): Result<GcgReplay> {
  const text = decodeGcg(input);
  if (!text.ok) return text;
  const record = parseGcgText(text.value);
  if (!record.ok) return record;
  return replayGcgRecord(record.value, options);
}

/** Import a GCG as a game; any illegal line is an error (score mismatches are not). */
export function importGcg(input: Uint8Array | string, options: GcgOptions = {}): Result<GameState> {
  const r = replayGcg(input, options);
  if (!r.ok) return r;
  return r.value.error ?? ok(r.value.game);
}
