/**
 * Pairing benchmarks (docs/PERFORMANCE.md "Pairing"): COP on a 30-player
 * division with 8 rounds left (100,000 division simulations, 10,000
 * control-loss simulations, one thread), and Swiss at 10 to 500 players.
 * Each figure is the median of a few runs, in milliseconds.
 */
import { pairRound, type Division } from '../src/index.ts';
import { generate } from '../test/support/generate.ts';

type Emit = (record: Record<string, unknown>) => void;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function timed(d: Division, round: number, runs: number): { ms: number; log: string[] } {
  const times: number[] = [];
  let log: string[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = pairRound(d, round);
    times.push(performance.now() - t);
    if (!res.ok) throw new Error(`${res.error.code}: ${res.error.message}`);
    log = res.log;
  }
  return { ms: Math.round(median(times)), log };
}

/** A 16-round event of `players` after `scored` Swiss rounds, COP from then on. */
function copDivision(players: number, scored: number, seed: number): Division {
  const d = generate({ seed, players, rounds: scored, method: 'swiss' });
  return {
    ...d,
    numRounds: 16,
    roundControls: Array.from({ length: 16 }, (_, r) => ({
      pairingMethod: r < scored ? ('swiss' as const) : ('cop' as const),
      divisionSims: 100_000,
      controlLossSims: 10_000,
      controlLossActivationRound: scored - 1,
    })),
  };
}

export async function bench(emit: Emit): Promise<void> {
  for (const seed of [1, 2, 3]) {
    const d = copDivision(30, 8, seed);
    const { ms, log } = timed(d, 8, 3);
    const sims = /(\d+) simulations/.exec(log.join('\n'))?.[1];
    const cl = log.filter((l) => l.startsWith('Control loss,')).length;
    emit({
      bench: 'pairing.cop',
      players: 30,
      roundsLeft: 8,
      seed,
      ms,
      divisionSims: Number(sims),
      controlLossCandidates: cl,
    });
  }
  for (const players of [10, 30, 100, 300, 500]) {
    const d = generate({ seed: players, players, rounds: 6, method: 'swiss' });
    const next: Division = { ...d, numRounds: 7 };
    const { ms } = timed(next, 6, players >= 300 ? 3 : 5);
    emit({ bench: 'pairing.swiss', players, ms });
  }
}
