/**
 * TSH files (docs/product/tournaments.md §7 ExportTournament, formats tsh and
 * standingsonly). A `.t` file has one line per player, fields separated by
 * semicolons:
 *
 *   Name rating opp1 opp2 …; score1 score2 …; p12 1 2 0 …; board 3 1 …; off 1
 *
 * Opponents are 1-based player numbers, 0 for a bye, forfeit or no game; a
 * score is the player's own score, or the spread for a bye or forfeit (+50
 * bye, −50 forfeit loss, 0 no game). Scores stop at the first unscored round.
 * `p12` is 1 first, 2 second, 0 no game, 4 unknown. Other named fields
 * (`board`, `rrank`, `class`, `off`, or any TSH knows) are kept as they are.
 * Tessera writes single spaces and "; " between fields. An imported file keeps
 * its own form: `importTsh` returns the file's lines (`source`), and
 * `exportTsh(division, extras, source)` writes every player whose data did not
 * change as their original line (tabs, runs of spaces, field order, comments),
 * keeps comment and blank lines where they were, and the file's line ending;
 * only changed players are written in Tessera's layout and new players are
 * added at the end. So `exportTsh(...importTsh(t))` is exactly `t`.
 */
import { computeStandings } from '../standings.ts';
import type { Division, Slot } from '../types.ts';

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

function scoreOf(s: Slot | null, p: number): number | undefined {
  if (!s) return 0;
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

/** Player p's line in Tessera's layout. */
function playerLine(d: Division, p: number, extras: [string, string][][]): string {
  const pl = d.players[p];
  const opps: number[] = [];
  const scores: number[] = [];
  const p12: number[] = [];
  let scoring = true;
  d.rounds.forEach((slots) => {
    const s = slots[p] ?? null;
    opps.push(!s || s.opponent === p ? 0 : s.opponent + 1);
    p12.push(!s || s.opponent === p ? 0 : s.first === undefined ? 4 : s.first ? 1 : 2);
    const sc = scoreOf(s, p);
    if (sc === undefined) scoring = false;
    else if (scoring) scores.push(sc);
  });
  const fields = [`${pl.name} ${pl.rating}${opps.map((o) => ` ${o}`).join('')}`, scores.join(' ')];
  if (p12.some((x) => x === 1 || x === 2)) fields.push(`p12 ${p12.join(' ')}`);
  if (pl.class) fields.push(`class ${pl.class}`);
  if (pl.removed) fields.push('off 1');
  for (const [k, v] of extras[p] ?? []) fields.push(`${k} ${v}`);
  return fields.join('; ');
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
  const generated = d.players.map((_, p) => playerLine(d, p, extras));
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

/**
 * Reads a `.t` file. Pairings come from the opponent lists, results from the
 * scores (a game's result from both players' scores), firsts from `p12`.
 * Throws on a line it cannot read, naming the line.
 */
export function importTsh(text: string, numRounds?: number): TshImport {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const finalEol = text.endsWith(eol);
  const all = (finalEol ? text.slice(0, -eol.length) : text).split(eol);
  const rows: { line: number; text: string }[] = [];
  all.forEach((raw, i) => {
    const l = raw.replace(/#.*$/, '').trimEnd();
    if (l.trim() !== '') rows.push({ line: i, text: l });
  });
  const parsed = rows.map(({ line: at, text: line }) => {
    const [head, scoreText = '', ...named] = line.split(';');
    const m = /^(.*?)\s+(-?\d+)((?:\s+\d+)*)\s*$/.exec(head);
    if (!m) throw new Error(`TSH line ${at + 1}: cannot read name, rating and opponents: ${line}`);
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
  });
  const rounds = Math.max(0, ...parsed.map((r) => r.opps.length));
  const division: Division = {
    players: parsed.map((r) => {
      const cls = r.fields.find(([k]) => k === 'class');
      const off = r.fields.find(([k]) => k === 'off');
      return {
        name: r.name,
        rating: r.rating,
        ...(cls ? { class: Number(cls[1]) } : {}),
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
        const p12 = row.fields
          .find(([k]) => k === 'p12')?.[1]
          .split(/\s+/)
          .map(Number)[r];
        if (o === 0) {
          if (score === undefined) return { opponent: p, outcome: 'bye' as const };
          const outcome = score > 0 ? 'bye' : score < 0 ? 'forfeit_loss' : 'void';
          return { opponent: p, outcome, score };
        }
        const slot: Slot = { opponent: o - 1 };
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
  const extras = parsed.map((r) => r.fields.filter(([k]) => !['p12', 'class', 'off'].includes(k)));
  const source: TshSource = {
    lines: all,
    eol,
    finalEol,
    players: rows.map((r, p) => ({ line: r.line, canonical: playerLine(division, p, extras) })),
  };
  return { division, extras, source };
}

/** Standings only, as CSV: division, rank, name, wins, losses, draws, win points, spread. */
export function exportStandingsCsv(d: Division, divisionName: string): string {
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
  return ['division,rank,name,wins,losses,draws,winpts,spread', ...rows]
    .map((l) => `${l}\n`)
    .join('');
}
