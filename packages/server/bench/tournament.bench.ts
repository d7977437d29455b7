/**
 * Tournament benchmarks (docs/PERFORMANCE.md "Tournaments"), on the module's
 * own pure parts, one thread:
 * - tournament.result: one amended result of round 1 in a 50-player,
 *   30-round division: fold the entry onto the cached state and recompute
 *   every round's standings (what a SetResult costs besides the database);
 * - tournament.refold: folding the whole log again (a lost cache);
 * - tournament.pair: PairRound with Swiss for 300 players after 10 rounds.
 * Each figure is the median of several runs, in milliseconds.
 */
import {
  emptyMeta,
  emptyState,
  fold,
  type LogBody,
  type LogEntry,
  type TState,
  pairWithControls,
} from '@tessera/tournament';
import { standingsView } from '../src/modules/tournament/views.ts';

type Emit = (record: Record<string, unknown>) => void;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** A seeded generator (mulberry32), so every run benches the same event. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The log of an event of n players played for `played` of `rounds` rounds, random pairs and scores. */
function eventLog(
  n: number,
  rounds: number,
  played: number,
  method: 'swiss' | 'manual',
): LogEntry[] {
  const next = rng(n * 1000 + played);
  const ids = Array.from({ length: n }, (_, i) => `u${i}:player${i}`);
  const bodies: LogBody[] = [
    {
      kind: 'created',
      meta: { ...emptyMeta(), name: 'Bench', slug: '/tournament/bench' },
      executiveDirector: 'u-td:td',
      directors: [],
    },
    { kind: 'division.added', division: 'A' },
    {
      kind: 'players.added',
      division: 'A',
      players: ids.map((id, i) => ({ id, rating: 2000 - i })),
    },
    {
      kind: 'round.controls',
      division: 'A',
      roundControls: Array.from({ length: rounds }, () => ({ pairingMethod: method })),
    },
  ];
  for (let r = 0; r < played; r++) {
    const order = [...ids].sort(() => next() - 0.5);
    const pairs = [];
    for (let i = 0; i + 1 < order.length; i += 2) pairs.push({ a: order[i], b: order[i + 1] });
    if (order.length % 2)
      pairs.push({
        a: order[order.length - 1],
        b: order[order.length - 1],
        outcome: 'bye' as const,
      });
    bodies.push({ kind: 'pairings.set', division: 'A', round: r, pairs });
    bodies.push({ kind: 'round.started', division: 'A', round: r });
    for (const p of pairs)
      if (p.a !== p.b)
        bodies.push({
          kind: 'result.set',
          division: 'A',
          round: r,
          a: p.a,
          b: p.b,
          scoreA: 300 + Math.floor(next() * 200),
          scoreB: 300 + Math.floor(next() * 200),
          endReason: 2,
        });
  }
  return bodies.map((body, i) => ({ seq: i + 1, actor: 'u-td:td', at: 0, body }));
}

function time(runs: number, f: () => void): number {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    xs.push(performance.now() - t);
  }
  return Math.round(median(xs) * 100) / 100;
}

export async function bench(emit: Emit): Promise<void> {
  const log = eventLog(50, 30, 30, 'manual');
  const state: TState = fold(log, emptyState('bench'));
  const first = state.divisions[0].rounds[0];
  const q = first[0]!.opponent;
  const amend: LogEntry = {
    seq: state.seq + 1,
    actor: 'u-td:td',
    at: 0,
    body: {
      kind: 'result.set',
      division: 'A',
      round: 0,
      a: state.divisions[0].players[0].id,
      b: state.divisions[0].players[q].id,
      scoreA: 500,
      scoreB: 200,
      endReason: 2,
    },
  };
  const resultMs = time(21, () => {
    const s = fold([amend], state);
    standingsView(s.divisions[0]);
  });
  emit({
    bench: 'tournament.result',
    players: 50,
    rounds: 30,
    logEntries: log.length,
    ms: resultMs,
  });
  const refoldMs = time(11, () => fold(log, emptyState('bench')));
  emit({
    bench: 'tournament.refold',
    players: 50,
    rounds: 30,
    logEntries: log.length,
    ms: refoldMs,
  });

  const big = fold(eventLog(300, 20, 10, 'swiss'), emptyState('bench300'));
  const pairMs = time(3, () => pairWithControls(big.divisions[0], 10, false));
  emit({ bench: 'tournament.pair', players: 300, method: 'swiss', afterRounds: 10, ms: pairMs });
}
