/**
 * Random tournaments for the invariant tests: a field of players, rounds
 * paired by a given method through `pairRound`, random results (sometimes a
 * round behind), withdrawals, late entries and director-entered byes.
 */
import { applyPairing, pairRound } from '../../src/index.ts';
import { createRng, type Rng } from '../../src/rng.ts';
import type { Division, PairingMethod, PairingResult, RoundControls } from '../../src/types.ts';

export interface GenOptions {
  seed: number;
  players: number;
  rounds: number;
  method: PairingMethod | ((round: number) => PairingMethod);
  controls?: Partial<RoundControls>;
  /** Allow withdrawals, late entries and director byes. */
  churn?: boolean;
  /** Leave the previous round unscored when pairing (results lag). */
  lag?: boolean;
  /** Called after each round is paired, before results. */
  check?: (d: Division, round: number, result: PairingResult) => void;
}

const SURNAMES = ['Ames', 'Boyd', 'Cruz', 'Diaz', 'Egan', 'Fox', 'Gray', 'Hale', 'Ito', 'Jones'];

export function playerName(i: number): string {
  return `${SURNAMES[i % 10]}, P${String.fromCharCode(65 + (((i / 10) | 0) % 26))}x${i}`;
}

function score(rng: Rng): [number, number] {
  const a = 300 + rng.int(250);
  const b = rng.int(200) === 0 ? a : 300 + rng.int(250);
  return [a, b];
}

function addResults(d: Division, r: number, rng: Rng): void {
  const slots = d.rounds[r];
  slots.forEach((s, p) => {
    if (!s || s.opponent === p || s.score !== undefined || s.opponent < p) return;
    const [a, b] = score(rng);
    s.score = a;
    s.opponentScore = b;
    const o = slots[s.opponent]!;
    o.score = b;
    o.opponentScore = a;
  });
}

export function generate(opts: GenOptions): Division {
  const rng = createRng(opts.seed);
  const methodOf =
    typeof opts.method === 'function' ? opts.method : () => opts.method as PairingMethod;
  let d: Division = {
    players: Array.from({ length: opts.players }, (_, i) => ({
      name: playerName(i),
      rating: 2000 - i * 7 - rng.int(5),
    })),
    numRounds: opts.rounds,
    rounds: [],
    roundControls: Array.from({ length: opts.rounds }, (_, r) => ({
      ...opts.controls,
      pairingMethod: methodOf(r),
    })),
  };
  for (let r = 0; r < opts.rounds; r++) {
    if (r > 0) addResults(d, r - 1, rng);
    if (opts.churn && r > 0) {
      const active = d.players.filter((p) => !p.removed).length;
      if (active > 3 && rng.int(4) === 0) {
        const victim = rng.int(d.players.length);
        d.players[victim] = { ...d.players[victim], removed: true };
      }
      if (rng.int(5) === 0) {
        const i = d.players.length;
        d.players.push({ name: playerName(i), rating: 1500 + rng.int(300) });
      }
    }
    d.rounds.push(d.players.map(() => null));
    if (opts.churn && rng.int(4) === 0) {
      const p = rng.int(d.players.length);
      if (!d.players[p].removed) d.rounds[r][p] = { opponent: p, outcome: 'bye', score: 50 };
    }
    const manual = methodOf(r) === 'manual' ? manualPairs(d, r, rng) : undefined;
    if (opts.lag && r > 0) {
      // Pair before the previous round's results are in.
      const saved = d.rounds[r - 1].map((s) => (s ? { ...s } : s));
      d.rounds[r - 1] = d.rounds[r - 1].map((s, p) =>
        s && s.opponent !== p ? { opponent: s.opponent, first: s.first } : s,
      );
      const res = pairRound(d, r, { manual });
      d.rounds[r - 1] = saved;
      d = settle(d, r, res, opts);
    } else {
      d = settle(d, r, pairRound(d, r, { manual }), opts);
    }
    if (r === opts.rounds - 1) addResults(d, r, rng);
  }
  return d;
}

function settle(d: Division, r: number, res: PairingResult, opts: GenOptions): Division {
  opts.check?.(d, r, res);
  if (!res.ok)
    throw new Error(
      `round ${r + 1}: ${res.error.code} ${res.error.message}\n${res.log.join('\n')}`,
    );
  return applyPairing(d, res.pairing);
}

function manualPairs(d: Division, r: number, rng: Rng): [number, number][] {
  const free = d.players.map((_, i) => i).filter((p) => !d.players[p].removed && !d.rounds[r][p]);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < free.length; i += 2) if (rng.int(5)) out.push([free[i], free[i + 1]]);
  return out;
}

export function soak(normal: number, soaked: number): number {
  return process.env.TESSERA_SOAK ? soaked : normal;
}

export { createRng };
