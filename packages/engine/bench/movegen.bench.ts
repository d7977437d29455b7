/**
 * Move generation, self-play and simulation figures on fixed
 * positions (made by hasty self-play from fixed seeds), for each English
 * lexicon of MOVEGEN_BENCH_LEXICONS (ENABLE, the default, then SCOWL-EN);
 * every record names its lexicon. Run with `npm run bench` (or
 * `tessera bench movegen`); BENCH_LEXICON=NAME gives one lexicon only.
 */
import {
  Bot,
  FastGame,
  MoveList,
  Movegen,
  SimRunner,
  playMatch,
  simulate,
  staticMoves,
} from '@tessera/engine/ai';
import { english, MOVEGEN_BENCH_LEXICONS } from './english.ts';

type Emit = (record: Record<string, unknown>) => void;

/**
 * Runs `fn` for at least `minMillis`; calls per wall-clock second, and per
 * second of CPU time this process got (the two differ when other processes
 * share the cores: the CPU figure is the one to compare on a busy machine).
 */
function timeIt(
  minMillis: number,
  fn: () => void,
): { perSec: number; perCpuSec: number; runs: number } {
  let runs = 0;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  let now = start;
  while (now - start < minMillis) {
    fn();
    runs++;
    now = performance.now();
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    perSec: Math.round((runs * 1000) / (now - start)),
    perCpuSec: Math.round((runs * 1e6) / (cpu.user + cpu.system)),
    runs,
  };
}

export async function bench(emit: Emit): Promise<void> {
  const only = process.env.BENCH_LEXICON;
  for (const name of only ? [only] : MOVEGEN_BENCH_LEXICONS) {
    await benchLexicon(name, (record) => emit({ ...record, lexicon: name }));
  }
}

async function benchLexicon(name: string, emit: Emit): Promise<void> {
  const res = await english(name);
  const { lexicon, set, layout, leaves } = res;
  const game = new FastGame(new Movegen(lexicon, set, layout));
  const bots: [Bot, Bot] = [new Bot('hasty', res, 1), new Bot('hasty', res, 2)];
  const at = (turns: number, seed: number): FastGame => {
    const g = new FastGame(new Movegen(lexicon, set, layout));
    g.startNew(seed);
    for (let t = 0; t < turns && !g.over; t++) {
      const d = bots[g.onTurn].choose(g);
      g.apply(d.list, d.index);
    }
    return g;
  };
  const positions: [string, FastGame][] = [
    ['empty', at(0, 1)],
    ['midgame', at(8, 2)],
  ];
  const blanks = at(8, 3);
  const r = blanks.racks[blanks.onTurn];
  for (let k = 0; k < 2; k++) {
    const t = r.findIndex((c, i) => i > 0 && c > 0);
    r[t]--;
    r[0]++;
  }
  positions.push(['blanks', blanks]);
  const list = new MoveList(1024);
  for (const [name, g] of positions) {
    const all = timeIt(1000, () => staticMoves(g, leaves, undefined, list));
    emit({
      bench: 'movegen.all',
      position: name,
      moves: list.count,
      perSec: all.perSec,
      perCpuSec: all.perCpuSec,
    });
    const top = timeIt(1000, () => staticMoves(g, leaves, 1, list));
    emit({ bench: 'movegen.top1', position: name, perSec: top.perSec, perCpuSec: top.perCpuSec });
  }
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  const m = playMatch(game, bots, 1, 0, 200);
  const secs = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  // Wall-clock rate, and the rate per second of CPU time the thread got
  // (the two differ when other processes share the cores).
  emit({
    bench: 'hasty.selfplay',
    games: m.games,
    gamesPerSec: Math.round((m.games / secs) * 10) / 10,
    cpuGamesPerSec: Math.round((m.games / ((cpu.user + cpu.system) / 1e6)) * 10) / 10,
    threads: 1,
  });

  const mid = positions[1][1];
  const cands = staticMoves(mid, leaves, 10, new MoveList(16));
  const runner = new SimRunner(mid.mg, leaves);
  const simStart = performance.now();
  const simCpu0 = process.cpuUsage();
  const stats = simulate(runner, mid, cands, {
    maxIterations: 200,
    minIterations: 200,
    millis: 60_000,
  });
  const playouts = stats.reduce((n, s) => n + s.n, 0);
  const simCpu = process.cpuUsage(simCpu0);
  emit({
    bench: 'sim.iterations',
    candidates: cands.count,
    plies: 2,
    playoutsPerSec: Math.round(playouts / ((performance.now() - simStart) / 1000)),
    cpuPlayoutsPerSec: Math.round((playouts * 1e6) / (simCpu.user + simCpu.system)),
  });
}
