/**
 * Writes endgame-proofs.json (see endgame-proofs.ts): every position of
 * the endgame benches, the real games' and the self-play ones, solved on
 * one thread with a long limit (`PROVE_MILLIS`, default 30 minutes). Each
 * is then solved again within the default limit, and when that answers
 * another first move, the move is played and the rest solved with the long
 * limit, so its value is proven too; that answer's whole line is then
 * checked move by move against proofs (`checkLine`, its figures kept as
 * `quickLine`). Moves known from an
 * earlier file are kept. `PROVE_ONLY` (a regular expression) picks positions by name.
 * Run with `npm run bench:proofs`; the slowest proof (utf8_dos) takes
 * about half a minute on the 2-core machine.
 */
import { writeFileSync } from 'node:fs';
import { EndgameSolver, FastGame, Movegen, checkLine } from '@tessera/engine/ai';
import { benchEndings } from './endgame-positions.ts';
import {
  PROOFS_FILE,
  firstMove,
  loadProofs,
  selfplayKey,
  type ProvenEnding,
  type Proofs,
} from './endgame-proofs.ts';
import { selfplayEndings } from './endgame-selfplay.bench.ts';
import { endgameEnglish } from './english.ts';

const res = await endgameEnglish();
const longMillis = Number(process.env.PROVE_MILLIS || 0) || 30 * 60_000;
const only = process.env.PROVE_ONLY ? new RegExp(process.env.PROVE_ONLY) : null;
const solver = new EndgameSolver(res.lexicon, res.set, res.layout);
const child = new FastGame(new Movegen(res.lexicon, res.set, res.layout));
const earlier = loadProofs();
const proofs: Proofs = { ...earlier };

/** The position's proof, with what an earlier file knew of other moves. */
function prove(key: string, game: FastGame): void {
  const p = game.onTurn;
  solver.load(game);
  const t0 = performance.now();
  const full = solver.solve(p, 0, game.scoreless, { millis: longMillis });
  const millis = Math.round(performance.now() - t0);
  if (!full.exact) {
    console.error(`${key}: not proven in ${longMillis} ms (${full.value} so far)`);
    return;
  }
  const old = earlier[key];
  if (old && old.value !== full.value)
    throw new Error(`${key}: proven ${full.value}, the file says ${old.value}`);
  const best = new Set([firstMove(full), ...(old?.best ?? [])]);
  const worse: Record<string, number> = { ...(old?.worse ?? {}) };
  solver.load(game);
  const quick = solver.solve(p, 0, game.scoreless);
  const move = firstMove(quick);
  if (!best.has(move) && !(move in worse) && quick.bestIndex >= 0) {
    // Its value: its score less the opponent's proven value after it.
    child.copyFrom(game);
    child.apply(quick.rootMoves, quick.bestIndex);
    solver.load(child);
    const reply = solver.solve(1 - p, 0, child.scoreless, { millis: longMillis });
    const value = quick.rootMoves.score[quick.bestIndex] - reply.value;
    if (!reply.exact) console.error(`${key}: ${move} not valued in ${longMillis} ms`);
    else if (value === full.value) best.add(move);
    else worse[move] = value;
  }
  child.copyFrom(game);
  const checked = checkLine(solver, child, quick.line, longMillis);
  const quickLine = { moves: quick.line.map((m) => m.text), ...checked };
  const entry: ProvenEnding = {
    value: full.value,
    best: [...best].sort(),
    worse,
    millis,
    nodes: full.nodes,
    quickLine,
  };
  proofs[key] = entry;
  console.log(JSON.stringify({ key, ...entry, quick: move }));
}

for (const { name, state } of benchEndings() ?? []) {
  if (only && !only.test(name)) continue;
  const game = new FastGame(new Movegen(res.lexicon, res.set, res.layout));
  game.loadGame(state);
  prove(name, game);
}
for (const { seed, game } of selfplayEndings(res)) {
  if (!only || only.test(selfplayKey(seed))) prove(selfplayKey(seed), game);
}
const sorted = Object.fromEntries(Object.entries(proofs).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(PROOFS_FILE, JSON.stringify(sorted, null, 2) + '\n');
