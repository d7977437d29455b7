/**
 * Puzzle generation throughput on one thread with the English ENABLE list
 * (packages/lexica/data/enable1.txt.gz): bot games through the finder from
 * fixed seeds, with and without the simulation check of close answers.
 * Figures are kept puzzles per minute of wall time and per minute of CPU
 * time the thread got (they differ when other processes share the cores).
 * `PUZZLE_GAMES` sets the games per run (default 6).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { Lexicon, tokenizeWord } from '@tessera/engine';
import {
  generatePuzzles,
  leavesFor,
  type GeneratorOptions,
  type PuzzleResources,
} from '@tessera/engine/ai';

type Emit = (record: Record<string, unknown>) => void;

const ENABLE = new URL('../../lexica/data/enable1.txt.gz', import.meta.url);

function enable(): Lexicon {
  const words: Uint8Array[] = [];
  for (const line of gunzipSync(readFileSync(ENABLE)).toString('utf8').split('\n')) {
    const t = line.length >= 2 && line.length <= 15 ? tokenizeWord('english', line.trim()) : null;
    if (t) words.push(t);
  }
  return Lexicon.compile(words, { name: 'ENABLE', letterSet: 'english', maxLength: 15 });
}

function run(
  res: PuzzleResources,
  games: number,
  label: string,
  opts: Partial<GeneratorOptions>,
  emit: Emit,
): void {
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const r = generatePuzzles(res, {
    seed: 2029,
    considerationLimit: games,
    creationLimit: 100_000,
    ...opts,
  });
  const secs = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSecs = (cpu.user + cpu.system) / 1e6;
  const simmed = r.puzzles.filter((p) => p.simMargin !== null);
  emit({
    bench: 'puzzles.generate',
    check: label,
    games: r.gamesPlayed,
    kept: r.puzzlesKept,
    simulated: r.simulated,
    iterationsPerSimulation: r.simulated > 0 ? Math.round(r.simIterations / r.simulated) : 0,
    bySimulation: simmed.length,
    overruled: simmed.filter((p) => p.played !== p.answer.text).length,
    perMinute: Math.round((r.puzzlesKept / secs) * 60 * 10) / 10,
    cpuPerMinute: Math.round((r.puzzlesKept / cpuSecs) * 60 * 10) / 10,
    cpuSecondsPerGame: Math.round((cpuSecs / r.gamesPlayed) * 100) / 100,
    threads: 1,
  });
}

export async function bench(emit: Emit): Promise<void> {
  const games = Number(process.env.PUZZLE_GAMES || 6);
  const res: PuzzleResources = { lexicon: enable(), leaves: leavesFor('ENABLE', 'english') };
  run(res, games, 'static', { sim: false }, emit);
  run(res, games, 'simulation', {}, emit);
}
