import type { Kysely } from 'kysely';
import type { ModuleContext, ServerModule } from '../module.ts';
import type { Ratings } from '../rating/ratings.ts';
import { GameBroadcaster } from './broadcast.ts';
import { type Applied, Games, type LexiconSource } from './games.ts';
import type { GameTables } from './migrations.ts';
import { registerGameSocket } from './socket.ts';
import { ClockSweeper } from './sweeper.ts';

export { gameMigrations } from './migrations.ts';
export { Games } from './games.ts';

export function createGameModule(ctx: ModuleContext, ratings: Ratings, lexicon: LexiconSource) {
  const games = new Games(ctx, ratings, lexicon);
  const out = new GameBroadcaster(ctx.gateway, games, ratings);
  const listeners: ((a: Applied) => void)[] = [];
  const after = (a: Applied) => {
    for (const l of listeners) l(a);
  };
  registerGameSocket(ctx.gateway, games, out, after);
  const sweeper = new ClockSweeper(
    ctx.db as unknown as Kysely<GameTables>,
    games,
    out,
    ctx.log,
    after,
  );
  const module: ServerModule = {
    name: 'game',
    async start() {
      sweeper.start();
    },
    stop: () => sweeper.stop(),
  };
  return {
    module,
    games,
    broadcaster: out,
    sweeper,
    /** Called after every accepted change is broadcast (bots, lobby lists). */
    onChange: (l: (a: Applied) => void) => listeners.push(l),
    /** Tells the listeners about a change made outside the socket handlers (bot moves). */
    notify: after,
  };
}
