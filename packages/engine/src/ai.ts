/**
 * The engine's playing side: move generation, equity and leaves, bots,
 * endgame, simulation and the analyzer (exported as `@tessera/engine/ai`).
 */
export * from './movegen/index.ts';
export * from './equity/leave-model.ts';
export * from './equity/equity.ts';
export * from './equity/train.ts';
export * from './equity/win-pct.ts';
export * from './equity/win-pct-train.ts';
export * from './bots/kinds.ts';
export * from './bots/bot.ts';
export * from './bots/autoplay.ts';
export * from './sim/fast-game.ts';
export * from './equity/leaves.ts';
export * from './sim/simulate.ts';
export * from './sim/infer.ts';
export * from './endgame/solver.ts';
export * from './endgame/line-check.ts';
export * from './endgame/preendgame.ts';
export * from './bots/search.ts';
export * from './analyzer/analyze.ts';
export * from './analyzer/evaluate.ts';
export * from './bots/action.ts';
