import type { Kysely } from 'kysely';
import type { GameBroadcaster } from '../game/broadcast.ts';
import type { Applied, Games } from '../game/games.ts';
import type { GameRow, GameTables } from '../game/migrations.ts';
import type { GameState } from '@tessera/engine';
import type { ModuleContext, ServerModule } from '../module.ts';
import { BOT_STALL_MS, BotPlayer } from './player.ts';
import { BotPool } from './pool.ts';
import { BOT_NAMES, createBotSeats } from './seats.ts';

const STALL_SWEEP_MS = 5_000;

/**
 * Bots in live games: seats for the lobby, a worker pool for their moves,
 * and a periodic look for bot turns nobody is working on (after a restart,
 * or when the process that was thinking died).
 */
export function createBotModule(
  ctx: ModuleContext,
  games: Games,
  out: GameBroadcaster,
  after: (a: Applied) => void,
) {
  const pool = new BotPool({
    lexicaCacheDir: ctx.config.lexicaCacheDir,
    lexiconDir: ctx.config.lexiconDir,
    lexicons: ctx.config.lexicons,
  });
  const player = new BotPlayer(
    games,
    pool,
    async (a) => {
      await out.changed(a);
      after(a);
    },
    ctx.log,
  );
  games.created.push((row, g) => {
    player.prompt(row, g);
  });
  const db = ctx.db as unknown as Kysely<GameTables>;
  let timer: NodeJS.Timeout | undefined;

  const sweep = async () => {
    const stalled = await db
      .selectFrom('games')
      .selectAll()
      .where('ended_at', 'is', null)
      .where('bot_index', '>=', 0)
      .whereRef('bot_index', '=', 'player_on_turn')
      .where('updated_at', '<', new Date(Date.now() - BOT_STALL_MS))
      .limit(50)
      .execute();
    for (const row of stalled) player.prompt(row, await games.state(row));
  };

  const module: ServerModule = {
    name: 'bot',
    async start() {
      timer = setInterval(
        () => void sweep().catch((err) => ctx.log.warn({ err }, 'bot sweep failed')),
        STALL_SWEEP_MS,
      );
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await pool.close();
    },
  };
  return {
    module,
    seats: createBotSeats(ctx, () => BOT_NAMES),
    onChange: (a: Applied) => {
      player.prompt(a.row, a.g);
    },
    /** A player's request that a silent bot move now (GameMetadataService.UnfreezeBot). */
    unfreeze: (row: GameRow, g: GameState) => player.prompt(row, g),
  };
}
