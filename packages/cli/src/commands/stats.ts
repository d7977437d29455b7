export const summary = "players' statistics: rebuild (recompute them all from the games' history)";

/** `tessera stats rebuild`: works on the database directly (stop the server first with PGlite). */
export async function run(args: string[]): Promise<number> {
  if (args[0] !== 'rebuild' || args.length !== 1) {
    console.error(
      "usage: tessera stats rebuild   recompute every player's statistics from the finished games",
    );
    return 2;
  }
  const { openCore, rebuildStatsOffline } = await import('@tessera/server');
  const core = await openCore({ logLevel: 'silent' });
  try {
    const started = performance.now();
    const games = await rebuildStatsOffline({ ...core, db: core.database.db });
    const seconds = (performance.now() - started) / 1000;
    console.log(`statistics rebuilt from ${games} games in ${seconds.toFixed(1)} s`);
    return 0;
  } finally {
    await core.close();
  }
}
