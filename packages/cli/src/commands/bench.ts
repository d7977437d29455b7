import { readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const summary = 'run the benchmarks (packages/*/bench/*.bench.ts), one JSON line per figure';

/**
 * A benchmark file exports `bench(emit)`; it calls `emit` once per figure with
 * a flat record (`{ bench: 'lexicon.lookup', perSec: 123456, ... }`). The
 * runner adds the file name and a timestamp and prints each record as one JSON
 * line, so runs can be compared with `jq` or a diff.
 */
export type Emit = (record: Record<string, unknown>) => void;

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

function benchFiles(filter: string | undefined): string[] {
  const files: string[] = [];
  for (const pkg of readdirSync(join(root, 'packages'))) {
    const dir = join(root, 'packages', pkg, 'bench');
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      if (f.endsWith('.bench.ts') && (!filter || `${pkg}/${f}`.includes(filter))) {
        files.push(join(dir, f));
      }
    }
  }
  return files;
}

export async function run(args: string[]): Promise<number> {
  const files = benchFiles(args[0]);
  if (files.length === 0) {
    console.error(args[0] ? `no benchmark matches '${args[0]}'` : 'no benchmarks found');
    return 1;
  }
  for (const file of files) {
    const name = relative(join(root, 'packages'), file);
    const mod = (await import(file)) as { bench: (emit: Emit) => Promise<void> | void };
    await mod.bench((record) => {
      console.log(JSON.stringify({ file: name, at: new Date().toISOString(), ...record }));
    });
  }
  return 0;
}
