/**
 * TSH files (docs/product/tournaments.md §7 ExportTournament, formats tsh and
 * standingsonly). A `.t` file has one line per player, fields separated by
 * semicolons:
 *
 *   Name   rating opp1 opp2 …; score1 score2 …; board 3 1 …; class B; off -50; p12 1 2 …; rrank 4 2 …
 *
 * Opponents are 1-based player numbers, 0 for a bye, forfeit or no game; a
 * score is the player's own score, or the spread for a bye or forfeit (+50
 * bye, −50 forfeit loss, 0 no game). Scores stop at the first unscored round.
 * The named fields Tessera models: `board` (per round, 0 = none), `class`,
 * `off` (withdrawn; the spread of each missed round), `p12` (1 first, 2
 * second, 0 no game, 4 unknown) and `rrank` (ranks per round, tsh-ranks.ts,
 * derived: an imported file's own `rrank` is not read). Other named fields
 * (`time`, `newr` …) are kept as they are (`extras`).
 *
 * Tessera writes TSH's own layout: the name in 22 columns, a space, the rating
 * in 5, single spaces, "; " between fields, named fields in alphabetical
 * order. An imported file keeps its own form: `importTsh` returns the file's
 * lines (`source`), and `exportTsh(division, extras, source)` writes every
 * player whose data did not change as their original line (tabs, runs of
 * spaces, field order, comments), keeps comment and blank lines where they
 * were, and the file's line ending; only changed players are written anew and
 * new players are added at the end. So `exportTsh(...importTsh(t))` is
 * exactly `t`.
 */
import { computeStandings } from '../standings.ts';
import type { Division, Slot } from '../types.ts';
import { tshRanks } from './tsh-ranks.ts';

export interface TshImport {
  division: Division;
  /** Named fields per player other than p12, class and off, in file order. */
  extras: [string, string][][];
  /** The file's own form, for writing it back unchanged. */
  source: TshSource;
}

/** An imported file's lines, so that re-exporting keeps what did not change. */
export interface TshSource {
  /** Every line as read (comments and blank lines included), without line endings. */
  lines: string[];
  eol: '\n' | '\r\n';
  /** The last line ends with a line ending. */
  finalEol: boolean;
  /** Per player (index = player): the line it came from and its Tessera form when read. */
  players: { line: number; canonical: string }[];
}

/** A voided game: TSH has no void, so it is written as no game (opponent 0, score 0). */
const isVoid = (s: Slot | null) => s?.outcome === 'void';

function scoreOf(s: Slot | null, p: number): number | undefined {
  if (!s || isVoid(s)) return 0;
  if (s.opponent === p) {
    const outcome = s.outcome ?? 'bye';
    if (s.score !== undefined) return s.score;
    return outcome === 'bye' || outcome === 'forfeit_win'
      ? 50
      : outcome === 'forfeit_loss'
        ? -50
        : 0;
  }
  return s.score !== undefined && s.opponentScore !== undefined ? s.score : undefined;
}

/** The spread TSH's `off` gives a withdrawn player for each round they miss. */
const OFF_SPREAD = -50;

/** Named fields TSH derives from the data (written by Tessera, never kept as extras). */
const MODELLED = ['board', 'class', 'off', 'p12', 'rrank'];

/**
 * Player p's line as TSH writes it: the name in 22 columns, the rating in 5
 * after a space, then the named fields in alphabetical order.
 */
function playerLine(
  d: Division,
  p: number,
  extras: [string, string][][],
  ranks: number[][],
): string {
  const pl = d.players[p];
  const opps: number[] = [];
  const scores: number[] = [];
  const p12: number[] = [];
  const boards: number[] = [];
  let scoring = true;
  d.rounds.forEach((slots) => {
    const s = slots[p] ?? null;
    const none = !s || s.opponent === p || isVoid(s);
    opps.push(none ? 0 : s.opponent + 1);
    p12.push(none ? 0 : s.first === undefined ? 4 : s.first ? 1 : 2);
    boards.push(s?.board ?? 0);
    const sc = scoreOf(s, p);
    if (sc === undefined) scoring = false;
    else if (scoring) scores.push(sc);
  });
  while (boards.length > 0 && boards[boards.length - 1] === 0) boards.pop();
  const head = `${pl.name.padEnd(22)} ${String(pl.rating).padStart(5)}`;
  const named: [string, string][] = [];
  if (boards.length > 0) named.push(['board', boards.join(' ')]);
  const cls = pl.className ?? (pl.class ? String(pl.class) : '');
  if (cls) named.push(['class', cls]);
  if (pl.removed) named.push(['off', String(OFF_SPREAD)]);
  if (p12.some((x) => x === 1 || x === 2)) named.push(['p12', p12.join(' ')]);
  if (ranks[p]?.length) named.push(['rrank', ranks[p].join(' ')]);
  for (const [k, v] of extras[p] ?? []) if (!MODELLED.includes(k)) named.push([k, v]);
  named.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return [
    `${head}${opps.map((o) => ` ${o}`).join('')}`,
    scores.join(' '),
    ...named.map(([k, v]) => `${k} ${v}`),
  ].join('; ');
}

/**
 * One `.t` file for the division; `extras` adds named fields per player
 * (board, rrank …). With the `source` of an imported file, players whose line
 * would not change keep their original line (see the file comment).
 */
export function exportTsh(
  d: Division,
  extras: [string, string][][] = [],
  source?: TshSource,
): string {
  const ranks = tshRanks(d);
  const generated = d.players.map((_, p) => playerLine(d, p, extras, ranks));
  if (!source) return generated.map((l) => `${l}\n`).join('');
  const lines = [...source.lines];
  generated.forEach((line, p) => {
    const from = source.players[p];
    if (!from) lines.push(line);
    else if (line !== from.canonical) lines[from.line] = line;
  });
  const text = lines.join(source.eol);
  return source.finalEol || lines.length > source.lines.length ? text + source.eol : text;
}

/** A `.t` file that could not be read, with its 1-based line (the shape of the engine's Err). */
export interface TshError {
  ok: false;
  code: 'BAD_TSH';
  message: string;
  line: number;
}

/** Reading a `.t` file: the import, or the first line it cannot read. */
export type TshResult = { ok: true; value: TshImport } | TshError;

/**
 * Reads a `.t` file. Pairings come from the opponent lists, results from the
 * scores (a game's result from both players' scores), firsts from `p12`.
 * A line it cannot read is an error naming the line.
 */
export function importTsh(text: string, numRounds?: number): TshResult {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const finalEol = text.endsWith(eol);
  const all = (finalEol ? text.slice(0, -eol.length) : text).split(eol);
  const rows: { line: number; text: string }[] = [];
  all.forEach((raw, i) => {
    const l = raw.replace(/#.*$/, '').trimEnd();
    if (l.trim() !== '') rows.push({ line: i, text: l });
  });
  const parsed: ParsedLine[] = [];
  for (const { line: at, text: line } of rows) {
    const row = parseLine(line);
    if (!row) {
      const message = `TSH line ${at + 1}: cannot read name, rating and opponents: ${line}`;
      return { ok: false, code: 'BAD_TSH', message, line: at + 1 };
    }
    parsed.push(row);
  }
  return { ok: true, value: readDivision(parsed, all, eol, finalEol, rows, numRounds) };
}

interface ParsedLine {
  name: string;
  rating: number;
  opps: number[];
  scores: number[];
  fields: [string, string][];
}

/** One player's line: name, rating and opponents; then scores; then named fields. */
function parseLine(line: string): ParsedLine | undefined {
  const [head, scoreText = '', ...named] = line.split(';');
  const m = /^(.*?)\s+(-?\d+)((?:\s+\d+)*)\s*$/.exec(head);
  if (!m) return undefined;
  const fields = named.map((f) => {
    const t = f.trim();
    const sp = t.indexOf(' ');
    return (sp < 0 ? [t, ''] : [t.slice(0, sp), t.slice(sp + 1)]) as [string, string];
  });
  return {
    name: m[1].trim(),
    rating: Number(m[2]),
    opps: m[3].trim() ? m[3].trim().split(/\s+/).map(Number) : [],
    scores: scoreText.trim() ? scoreText.trim().split(/\s+/).map(Number) : [],
    fields,
  };
}

function readDivision(
  parsed: ParsedLine[],
  all: string[],
  eol: TshSource['eol'],
  finalEol: boolean,
  rows: { line: number }[],
  numRounds: number | undefined,
): TshImport {
  const rounds = Math.max(0, ...parsed.map((r) => r.opps.length));
  const classNumbers = classNumbering(
    parsed.map((r) => r.fields.find(([k]) => k === 'class')?.[1]),
  );
  const listOf = (fields: [string, string][], key: string) =>
    fields
      .find(([k]) => k === key)?.[1]
      .split(/\s+/)
      .map(Number);
  const division: Division = {
    players: parsed.map((r) => {
      const cls = r.fields.find(([k]) => k === 'class')?.[1];
      const off = r.fields.find(([k]) => k === 'off');
      return {
        name: r.name,
        rating: r.rating,
        ...(cls ? { class: classNumbers.get(cls)!, className: cls } : {}),
        ...(off && off[1] !== '0' ? { removed: true } : {}),
      };
    }),
    numRounds: numRounds ?? rounds,
    rounds: [],
  };
  for (let r = 0; r < rounds; r++) {
    division.rounds.push(
      parsed.map((row, p) => {
        const o = row.opps[r];
        if (o === undefined) return null;
        const score = row.scores[r];
        const p12 = listOf(row.fields, 'p12')?.[r];
        const b = listOf(row.fields, 'board')?.[r];
        const board = b && b > 0 ? { board: b } : {};
        if (o === 0) {
          if (score === undefined) return { opponent: p, outcome: 'bye' as const, ...board };
          const outcome = score > 0 ? 'bye' : score < 0 ? 'forfeit_loss' : 'void';
          return { opponent: p, outcome, score, ...board };
        }
        const slot: Slot = { opponent: o - 1, ...board };
        if (p12 === 1 || p12 === 2) slot.first = p12 === 1;
        const theirs = parsed[o - 1]?.scores[r];
        if (score !== undefined && theirs !== undefined) {
          slot.score = score;
          slot.opponentScore = theirs;
        }
        return slot;
      }),
    );
  }
  const extras = parsed.map((r) => r.fields.filter(([k]) => !MODELLED.includes(k)));
  const ranks = tshRanks(division);
  const source: TshSource = {
    lines: all,
    eol,
    finalEol,
    players: rows.map((r, p) => ({
      line: r.line,
      canonical: playerLine(division, p, extras, ranks),
    })),
  };
  return { division, extras, source };
}

/**
 * Class numbers for the pairing engine from TSH's class names: a number names
 * itself; other names are numbered in alphabetical order after the largest
 * number (A = 1, B = 2 in a file of lettered classes).
 */
export function classNumbering(names: (string | undefined)[]): Map<string, number> {
  const out = new Map<string, number>();
  const given = names.filter((x): x is string => !!x);
  for (const x of given) if (/^\d+$/.test(x)) out.set(x, Number(x));
  let next = Math.max(0, ...out.values()) + 1;
  for (const x of [...new Set(given)].sort()) if (!out.has(x)) out.set(x, next++);
  return out;
}

/** Standings only, as CSV: division, rank, name, wins, losses, draws, win points, spread. */
/** The standings CSV's header: written once, however many divisions follow. */
export const STANDINGS_CSV_HEADER = 'division,rank,name,wins,losses,draws,winpts,spread';

/**
 * The standings CSV of one division, with its header unless `header` is
 * false (the divisions after the first of one file).
 */
export function exportStandingsCsv(d: Division, divisionName: string, header = true): string {
  const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const rows = computeStandings(d).map((s, i) => {
    const w = s.wins - s.draws / 2;
    const l = s.losses - s.draws / 2;
    return [
      quote(divisionName),
      i + 1,
      quote(d.players[s.player].name),
      w,
      l,
      s.draws,
      s.wins.toFixed(1),
      s.spread,
    ].join(',');
  });
  return [...(header ? [STANDINGS_CSV_HEADER] : []), ...rows].map((l) => `${l}\n`).join('');
}
