import { writeFileSync } from 'node:fs';
import { boardLayout, letterSet } from '@tessera/engine';
import { trainLeaves } from '@tessera/engine/ai';
import { loadLexicons, option } from '../lexicons.ts';

export const summary = 'make leave values by self-play and write them as a JSON data file';

const USAGE = `usage: tessera leaves --lexicon NAME [--games N] [--iterations K] [--seed S] [--out FILE]

Plays K iterations of N hasty self-play games on the lexicon, fitting leave
values after each (packages/engine/src/equity/train.ts), and writes them to
FILE (default packages/engine/src/equity/data/<NAME>.leaves.json).`;

export async function run(args: string[]): Promise<number> {
  const name = option(args, '--lexicon');
  if (!name || args.includes('--help')) {
    console.error(USAGE);
    return 2;
  }
  const games = Number(option(args, '--games') ?? 2000);
  const iterations = Number(option(args, '--iterations') ?? 3);
  const seed = Number(option(args, '--seed') ?? 1);
  const lexicon = (await loadLexicons([name])).get(name);
  if (!lexicon) {
    console.error(`tessera leaves: unknown lexicon '${name}'`);
    return 1;
  }
  const set = letterSet(lexicon.letterSet);
  const layout = boardLayout(set.name === 'english_super' ? 'SuperCrosswordGame' : 'CrosswordGame');
  const started = Date.now();
  const model = trainLeaves({
    lexicon,
    set,
    layout,
    games,
    iterations,
    seed,
    onProgress: (it, g, samples) => {
      if (g % 500 === 0) console.error(`iteration ${it + 1}: ${g} games, ${samples} samples`);
    },
  });
  const provenance = `tessera leaves --lexicon ${lexicon.name} --games ${games} --iterations ${iterations} --seed ${seed}`;
  const out =
    option(args, '--out') ??
    new URL(`../../../engine/src/equity/data/${lexicon.name}.leaves.json`, import.meta.url)
      .pathname;
  writeFileSync(out, JSON.stringify(model.toData(lexicon.name, provenance)) + '\n');
  console.error(`wrote ${out} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return 0;
}
