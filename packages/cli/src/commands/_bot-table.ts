/**
 * `tessera autoplay --table`: every user-facing bot (and the extra engine
 * kinds) against HastyBot over fixed seeds, written into docs/BOTS.md
 * between the BOT-TABLE markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import {
  USER_BOTS,
  resolveBot,
  type BotKind,
  type MatchResult,
  type SearchLimits,
} from '@tessera/engine/ai';

/** One match the table asks for (autoplay's runMatch plays it). */
export interface MatchSpec {
  lexicon: string;
  kinds: [BotKind, BotKind];
  games: number;
  seed: number;
  threads: number;
  limits?: SearchLimits;
}

export interface TableOptions {
  lexicon: string;
  seed: number;
  threads: number;
  /** Time limits of the searching bots (defaults when empty). */
  limits?: SearchLimits;
  games: number;
  bestGames: number;
  file: string;
  runMatch: (spec: MatchSpec) => Promise<MatchResult>;
}

const START = '<!-- BOT-TABLE:START -->';
const END = '<!-- BOT-TABLE:END -->';

export async function writeBotTable(o: TableOptions): Promise<number> {
  const hasty = resolveBot('HastyBot', o.lexicon)!;
  const rows: string[] = [];
  const entries: { name: string; level: string; kind: BotKind; spec: string }[] = USER_BOTS.map(
    (b) => ({
      name: b.name,
      level: b.level,
      kind: resolveBot(b.name, o.lexicon)!,
      spec: String(b.specAverage),
    }),
  );
  for (const kind of ['prob5', 'noleave'] as BotKind[])
    entries.push({ name: `(${kind})`, level: '', kind, spec: '' });
  for (const e of entries) {
    const games = e.kind.startsWith('simming') ? o.bestGames : o.games;
    const started = performance.now();
    const r = await o.runMatch({
      lexicon: o.lexicon,
      kinds: [e.kind, hasty],
      games,
      seed: o.seed,
      threads: o.threads,
      limits: o.limits,
    });
    const secs = (performance.now() - started) / 1000;
    const winRate = (100 * (r.p1Wins + r.ties / 2)) / r.games;
    const row = `| ${e.name} | ${e.level} | ${e.kind} | ${(r.p1Total / r.games).toFixed(1)} | ${(r.p2Total / r.games).toFixed(1)} | ${winRate.toFixed(1)}% | ${r.games} | ${e.spec} |`;
    rows.push(row);
    console.error(`${row} (${secs.toFixed(0)} s)`);
  }
  const table = [
    START,
    `Lexicon ${o.lexicon}, seeds ${o.seed} + 7919k, first move alternating; regenerate with`,
    `\`tessera autoplay --table --games ${o.games} --best-games ${o.bestGames} --threads ${o.threads}${limitFlags(o.limits)}\`.`,
    '',
    '| bot | level | engine kind | avg score | HastyBot avg | win rate vs HastyBot | games | spec avg |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    END,
  ].join('\n');
  let doc = '';
  try {
    doc = readFileSync(o.file, 'utf8');
  } catch {
    doc = `# Bots\n\n${START}\n${END}\n`;
  }
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  doc =
    a >= 0 && b > a ? doc.slice(0, a) + table + doc.slice(b + END.length) : `${doc}\n${table}\n`;
  writeFileSync(o.file, doc);
  return 0;
}

function limitFlags(limits: SearchLimits | undefined): string {
  let out = '';
  if (limits?.simMillis) out += ` --sim-millis ${limits.simMillis}`;
  if (limits?.endgameMillis) out += ` --endgame-millis ${limits.endgameMillis}`;
  return out;
}
