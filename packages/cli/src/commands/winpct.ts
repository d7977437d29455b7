import { writeFileSync } from 'node:fs';
import { fitWinPct, winSamples } from '@tessera/engine/ai';
import { botResources } from '../bots-setup.ts';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { option } from '../lexicons.ts';

export const summary =
  'make the win chances the game evaluation uses, by self-play, as a JSON data file';

const USAGE = `usage: tessera winpct [--lexicon NAME] [--games N] [--width W] [--seed S] [--out FILE]

Plays N hasty self-play games on the lexicon (default ${DEFAULT_LEXICON}, 4000 games),
labels every position after a move with how the game ended for the player
who made it, fits a logistic curve of that result on the spread plus the
leave's value for each bucket of W bag sizes (default 4), and writes the
curves to FILE (default packages/engine/src/equity/data/win-pct.json).`;

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help')) {
    console.error(USAGE);
    return 2;
  }
  const name = option(args, '--lexicon') ?? DEFAULT_LEXICON;
  const games = Number(option(args, '--games') ?? 4000);
  const width = Number(option(args, '--width') ?? 4);
  const seed = Number(option(args, '--seed') ?? 1);
  if (!(games > 0) || !(width > 0) || !Number.isInteger(seed)) {
    console.error(USAGE);
    return 2;
  }
  const res = await botResources(name);
  if (!res) {
    console.error(`tessera winpct: unknown lexicon '${name}'`);
    return 1;
  }
  const started = Date.now();
  const samples = winSamples({
    ...res,
    games,
    seed,
    onProgress: (n) => {
      if (n % 500 === 0) console.error(`${n} games`);
    },
  });
  const provenance = `tessera winpct --lexicon ${res.lexicon.name} --games ${games} --width ${width} --seed ${seed}`;
  const data = fitWinPct(samples, width, provenance);
  const out =
    option(args, '--out') ??
    new URL('../../../engine/src/equity/data/win-pct.json', import.meta.url).pathname;
  writeFileSync(out, JSON.stringify(data) + '\n');
  console.error(
    `wrote ${out}: ${samples.length} positions, ${data.curves.length} buckets, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return 0;
}
