import type { GameState } from '@tessera/engine';
import type { Db } from '../../storage/database.ts';
import type { GameRow } from '../game/index.ts';
import type { BotSeats } from '../lobby/index.ts';
import type { ModuleParts, ServerModule } from '../module.ts';
import type { BotDeps } from './deps.ts';
import { BOT_STALL_MS, BotPlayer } from './player.ts';
import { BotPool } from './pool.ts';
import { botRoutes } from './service.ts';
import { BOT_NAMES, createBotSeats } from './seats.ts';

export { thinkingLimits } from './player.ts';

/** The scheduler's job kind for a bot turn nobody has played yet. */
const STALL_JOB = 'bot.stall';

/**
 * Bots in live games: seats for the lobby, a worker pool for their moves,
 * and a durable job per bot turn that prompts the bot again if the turn is
 * still unplayed after BOT_STALL_MS (after a restart, or when the process
 * that was thinking died).
 *
 * Reacts to: game.created and game.changed, in the transaction (the stall
 * job is written or dropped with the change) and after commit (the bot
 * starts thinking); process.gone after commit (bot turns a dead process was
 * thinking about are taken up at once). Scheduler jobs: bot.stall.
 */
export function createBotModule(deps: BotDeps): ModuleParts<{ seats: BotSeats }> {
  const { games, scheduler } = deps;
  const pool = new BotPool({
    lexicaCacheDir: deps.config.lexicaCacheDir,
    lexiconDir: deps.config.lexiconDir,
    lexicons: deps.config.lexicons,
  });
  const player = new BotPlayer(games, pool, deps.log);
  const stallJob = (row: GameRow, g: GameState, q?: Db) =>
    BotPlayer.onTurn(row, g)
      ? scheduler.schedule({ kind: STALL_JOB, key: row.id, runAt: Date.now() + BOT_STALL_MS }, q)
      : scheduler.cancel(STALL_JOB, row.id, q);
  for (const event of ['game.created', 'game.changed'] as const) {
    deps.events.inTransaction(event, 'bot', async ({ row, g }, tx) => {
      if (row.bot_index >= 0) await stallJob(row, g, tx);
    });
    deps.events.afterCommit(event, 'bot', ({ row, g }) => void player.prompt(row, g));
  }
  games.useBotDriver((row, g) => player.prompt(row, g));
  // A process that died may have been thinking for a bot: every bot turn is
  // looked at now rather than when its stall job comes due (a prompt a live
  // process is already working on is refused by the event count).
  deps.events.afterCommit('process.gone', 'bot', async () => {
    for (const row of await games.stalledBotTurns(new Date(), 1000)) {
      player.prompt(row, await games.state(row));
    }
  });
  scheduler.handle(STALL_JOB, async (job) => {
    const row = await games.row(job.key);
    if (!row) return;
    const g = await games.state(row);
    // Looked at again later in case this prompt dies too; the bot's move moves or drops it.
    await stallJob(row, g);
    player.prompt(row, g);
  });

  const module: ServerModule = {
    name: 'bot',
    async start() {
      // Bot turns from before the scheduler have no job yet.
      const turns = await games.stalledBotTurns(new Date(), 1000);
      await scheduler.scheduleMissing(
        turns.map((row) => ({
          kind: STALL_JOB,
          key: row.id,
          runAt: (row.updated_at?.getTime() ?? Date.now()) + BOT_STALL_MS,
        })),
      );
    },
    stop: () => pool.close(),
    routes: (router) => botRoutes(router, deps, () => BOT_NAMES),
  };
  return { module, api: { seats: createBotSeats(deps, () => BOT_NAMES) } };
}
