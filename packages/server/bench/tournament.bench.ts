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
  emptyState,
  fold,
  type LogEntry,
  type TState,
  pairWithControls,
} from '@tessera/tournament';
import { standingsView } from '../src/modules/tournament/views.ts';
import { eventLog } from '../test/fixtures/big-event.ts';
import { broadcastChange } from '../src/modules/tournament/broadcast.ts';

type Emit = (record: Record<string, unknown>) => void;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
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

  // Issue 36: a 1,000-player division, 12 rounds played; results of the last
  // round entered one at a time: fold the entry, then the realm's messages
  // (standings of the moved round included). No database: the pure part.
  const large = eventLog(1000, 12, 12, 'manual');
  let st: TState = fold(large, emptyState('bench1000'));
  const lastResults = large.filter((e) => e.body.kind === 'result.set').slice(-40);
  const per: number[] = [];
  const gateway = { toRealm() {} } as unknown as Parameters<typeof broadcastChange>[0];
  for (const e of lastResults) {
    const t = performance.now();
    const entry = { ...e, seq: st.seq + 1 };
    st = fold([entry], st);
    broadcastChange(gateway, st, [entry]);
    per.push(performance.now() - t);
  }
  per.sort((a, b) => a - b);
  emit({
    bench: 'tournament.result-1000',
    players: 1000,
    rounds: 12,
    results: per.length,
    p50Ms: Math.round(per[per.length >> 1]),
    p99Ms: Math.round(per[Math.floor(per.length * 0.99)] ?? per.at(-1)!),
  });

  const big = fold(eventLog(300, 20, 10, 'swiss'), emptyState('bench300'));
  const pairMs = time(3, () => pairWithControls(big.divisions[0], 10, false));
  emit({ bench: 'tournament.pair', players: 300, method: 'swiss', afterRounds: 10, ms: pairMs });
}
