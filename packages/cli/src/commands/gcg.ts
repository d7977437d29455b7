import { readFileSync } from 'node:fs';
import { isLetterSetName, LETTER_SET_NAMES, gcg } from '@tessera/engine';

export const summary = 'work with GCG game records (replay FILE: check every score)';

const USAGE = `usage: tessera gcg replay FILE [--json] [--letters ${LETTER_SET_NAMES.join('|')}]

Replays the game in FILE with the engine's rules, recomputes every move's
score and the running totals, and exits 0 when they all agree with the file.
Otherwise exits 1 naming the first line that disagrees or cannot be played.
--json prints {"ok":bool,"turns":N,"final":[s1,s2],"mismatches":[...]}.
The letter set comes from #lexicon or the tiles unless --letters is given.`;

interface Args {
  file: string;
  json: boolean;
  letters?: string;
}

function parseArgs(args: string[]): Args | string {
  const [sub, ...rest] = args;
  if (sub !== 'replay') return sub ? `unknown subcommand '${sub}'` : 'missing subcommand';
  let file: string | undefined;
  let json = false;
  let letters: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === '--json') json = true;
    else if (a === '--letters') letters = rest[++i];
    else if (a.startsWith('--letters=')) letters = a.slice('--letters='.length);
    else if (a.startsWith('-')) return `unknown option '${a}'`;
    else if (file === undefined) file = a;
    else return `unexpected argument '${a}'`;
  }
  if (!file) return 'missing FILE';
  if (letters !== undefined && !isLetterSetName(letters)) {
    return `unknown letter set '${letters}' (one of ${LETTER_SET_NAMES.join(', ')})`;
  }
  return { file, json, letters };
}

function report(r: gcg.GcgReplay | null, json: boolean, error: string | null): number {
  const mismatches = r?.mismatches ?? [];
  const ok = r !== null && error === null && mismatches.length === 0;
  if (json) {
    console.log(
      JSON.stringify({
        ok,
        turns: r?.turns ?? 0,
        final: r?.computed ?? [0, 0],
        mismatches: mismatches.map((m) => ({
          line: m.line,
          recorded: m.recorded,
          computed: m.computed,
        })),
      }),
    );
    if (error) console.error(error);
  } else {
    if (r) {
      const [a, b] = r.game.players;
      console.log(
        `${r.turns} turns replayed; final ${a.nickname} ${r.computed[0]}, ${b.nickname} ${r.computed[1]}`,
      );
      for (const m of mismatches) {
        console.log(`line ${m.line}: recorded ${m.recorded}, computed ${m.computed}`);
      }
    }
    if (error) console.error(error);
    else if (ok) console.log('every score agrees with the file');
  }
  for (const w of r?.warnings ?? []) console.error(`warning: ${w}`);
  return ok ? 0 : 1;
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    console.error(`tessera gcg: ${parsed}\n\n${USAGE}`);
    return 2;
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(parsed.file));
  } catch (e) {
    console.error(`tessera gcg: cannot read ${parsed.file}: ${(e as Error).message}`);
    return 2;
  }
  const letters =
    parsed.letters !== undefined && isLetterSetName(parsed.letters) ? parsed.letters : undefined;
  const r = gcg.replayGcg(bytes, { letters });
  if (!r.ok) return report(null, parsed.json, `${parsed.file}: ${r.message}`);
  const error = r.value.error ? `${parsed.file}: ${r.value.error.message}` : null;
  const first = r.value.mismatches[0];
  const firstMismatch =
    first && !error
      ? `${parsed.file}: line ${first.line} disagrees: recorded ${first.recorded}, computed ${first.computed}`
      : null;
  return report(r.value, parsed.json, error ?? firstMismatch);
}
