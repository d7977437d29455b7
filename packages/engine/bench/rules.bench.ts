import { existsSync, readdirSync, readFileSync } from 'node:fs';
import {
  applyEvent,
  checkPlacement,
  eventPlacement,
  replay,
  setupOf,
  scorePlacement,
  tileScoreTable,
  type Board,
  type GameState,
  type Placement,
  gcg,
} from '../src/index.ts';
import { randomGame } from '../test/support/random-game.ts';

type Emit = (record: Record<string, unknown>) => void;

/** Calls `fn` repeatedly for about `ms` milliseconds; returns calls per second. */
function rate(fn: () => number, ms = 1000): { perSec: number; checksum: number } {
  let calls = 0;
  let checksum = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    checksum += fn();
    calls++;
    now = performance.now();
  }
  return { perSec: Math.round((calls * 1000) / (now - start)), checksum };
}

/** Every play of some random games, each with the board it was played on. */
function positions(games: GameState[]): { board: Board; placement: Placement }[] {
  const out: { board: Board; placement: Placement }[] = [];
  for (const g of games) {
    const fresh = replay(setupOf(g), []);
    if (!fresh.ok) continue;
    const state = fresh.value;
    for (const e of g.events) {
      if (e.type === 'TILE_PLACEMENT_MOVE') {
        const p = eventPlacement(state, e);
        if (p.ok) out.push({ board: state.board.clone(), placement: p.value });
      }
      applyEvent(state, e);
    }
  }
  return out;
}

/**
 * Rules throughput: placement checks and scores per second over the plays of
 * 40 seeded random games (allocation-free paths), whole-game replays from the
 * event log, and GCG replays (parse, rebuild, re-score every move) over the
 * shared test records when present, otherwise over generated records.
 */
export async function bench(emit: Emit): Promise<void> {
  const games = Array.from(
    { length: 40 },
    (_, i) => randomGame({ seed: 1000 + i, rule: 'DOUBLE' }).game,
  );
  const plays = positions(games);
  const points = tileScoreTable(games[0].set);
  let k = 0;
  const scored = rate(() => {
    let sum = 0;
    for (let i = 0; i < 1000; i++) {
      const p = plays[k++ % plays.length];
      sum += scorePlacement(p.board, p.placement, points);
    }
    return sum;
  });
  emit({ bench: 'rules.score', plays: plays.length, perSec: scored.perSec * 1000 });

  const checked = rate(() => {
    let ok = 0;
    for (let i = 0; i < 1000; i++) {
      const p = plays[k++ % plays.length];
      if (checkPlacement(p.board, p.placement, null, games[0].set.size) === null) ok++;
    }
    return ok;
  });
  emit({ bench: 'rules.checkPlacement', perSec: checked.perSec * 1000 });

  let j = 0;
  const replays = rate(() => {
    const g = games[j++ % games.length];
    const r = replay(setupOf(g), g.events);
    return r.ok ? r.value.events.length : 0;
  });
  emit({ bench: 'game.replayEvents', games: games.length, perSec: replays.perSec });

  const dir = new URL('../../../../shared/testdata/gcg/', import.meta.url);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.gcg'))
        .map((f) => new Uint8Array(readFileSync(new URL(f, dir))))
    : games.map((g) => new TextEncoder().encode(gcg.writeGcg(g)));
  let n = 0;
  const gcgReplays = rate(() => {
    const r = gcg.replayGcg(files[n++ % files.length]);
    return r.ok ? r.value.turns : 0;
  });
  emit({
    bench: 'gcg.replay',
    source: existsSync(dir) ? 'shared/testdata/gcg' : 'generated',
    files: files.length,
    perSec: gcgReplays.perSec,
  });
}
