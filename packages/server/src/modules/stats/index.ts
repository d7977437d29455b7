import {
  mergeTotals,
  emptyTotals,
  type GameEvent,
  type Lexicon,
  type StatTotals,
} from '@tessera/engine';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { createEvents, type Events } from '../events.ts';
import { finishedHistoryReader } from '../game/index.ts';
import { createLexiconModule } from '../lexicon/index.ts';
import type { GameRow } from '../game/index.ts';
import type { Db } from '../../storage/database.ts';
import type { ModuleParts } from '../module.ts';
import { type FinishedGame, Stats } from './stats.ts';

export { statKey, statsMigrations } from './stats.ts';
export type { StatTotals } from '@tessera/engine';

/** The profile's aggregate statistics (docs/product/community.md §2.4). */
export interface StatsSummary {
  gamesPlayed: number;
  gamesWon: number;
  points: number;
  bingos: number;
  phonies: number;
  challengesWon: number;
}

/** The statistics module's face: players' statistics per variant and time class. */
export interface StatsApi {
  /** A user's statistics by key (variant.timeclass). */
  of(userId: string): Promise<Record<string, StatTotals>>;
  /** The profile's aggregates over every key. */
  summary(byKey: Record<string, StatTotals>): StatsSummary;
  /** Recomputes every statistic from the finished games' history; returns the games counted. */
  rebuild(batch?: number): Promise<number>;
  /** A moderator's reset: the user's statistics start again from nothing. */
  reset(userId: string): Promise<void>;
  /**
   * Each seat's unchallenged phonies in a finished game (plays left on the
   * board forming a word its lexicon lacks; none while the lexicon is not loaded).
   */
  unchallengedPhonies(row: GameRow, events: readonly GameEvent[]): [number, number];
}

/** What a finished game's statistics need from its row and log. */
export function finishedGame(row: GameRow, events: readonly GameEvent[]): FinishedGame {
  return {
    players: [row.player0_id, row.player1_id],
    ratingKey: row.rating_key,
    winner: row.winner,
    lexicon: row.request.lexicon,
    variant: row.request.variant,
    events,
  };
}

/**
 * Reacts to game.ended inside the game's transaction (decision 0127): a
 * finished game (not cancelled or aborted) adds to both players' rows, so the
 * statistics are stored with the ending or not at all.
 */
export function createStatsModule(deps: {
  db: Db;
  events: Events;
  lexicon: (name: string) => Lexicon | undefined;
  /** Finished games after (at, id), in the order they ended, with their events. */
  history: (
    after: { at: Date; id: string },
    limit: number,
  ) => Promise<{ row: GameRow; events: GameEvent[] }[]>;
}): ModuleParts<StatsApi> {
  const stats = new Stats(deps.db, deps.lexicon);
  deps.events.inTransaction('game.ended', 'stats', async ({ row, g }, tx) => {
    if (['CANCELLED', 'ABORTED'].includes(g.endReason)) return;
    await stats.record(tx, finishedGame({ ...row, winner: g.winner }, g.events));
  });
  const api: StatsApi = {
    of: (userId) => stats.of(userId),
    reset: (userId) => stats.reset(userId),
    unchallengedPhonies(row, events) {
      const [a, b] = stats.ofGame(finishedGame(row, events));
      return [a.unchallengedPhonies, b.unchallengedPhonies];
    },
    summary(byKey) {
      const t = Object.values(byKey).reduce(mergeTotals, emptyTotals());
      return {
        gamesPlayed: t.games,
        gamesWon: t.wins,
        points: t.score,
        bingos: t.bingos,
        phonies: t.challengedPhonies + t.unchallengedPhonies,
        challengesWon: t.challengesWon,
      };
    },
    async rebuild(batch = 500) {
      let after = { at: new Date(0), id: '' };
      return stats.rebuild(async () => {
        const games = await deps.history(after, batch);
        const last = games[games.length - 1];
        if (last?.row.ended_at) after = { at: last.row.ended_at, id: last.row.id };
        return games.map((h) => finishedGame(h.row, h.events));
      });
    },
  };
  return { module: { name: 'stats' }, api };
}

/**
 * `tessera stats rebuild`: every player's statistics recomputed from the
 * finished games' history, without a server (the lexicons are loaded so
 * unchallenged phonies count as they do live). Returns the games counted.
 */
export async function rebuildStatsOffline(core: {
  config: Config;
  log: Logger;
  db: Db;
}): Promise<number> {
  const lexicons = createLexiconModule({ config: core.config, log: core.log });
  await lexicons.module.start?.();
  try {
    const stats = createStatsModule({
      db: core.db,
      events: createEvents(),
      lexicon: lexicons.api.lexicon,
      history: finishedHistoryReader(core.db),
    });
    return await stats.api.rebuild();
  } finally {
    await lexicons.module.stop?.();
  }
}
