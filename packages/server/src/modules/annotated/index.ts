import { gcg } from '@tessera/engine';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { ModuleParts } from '../module.ts';
import type { Db } from '../../storage/database.ts';
import { annotatedRoutes } from './service.ts';
import { AnnotatedStore, gameOf } from './store.ts';

export { annotatedMigrations } from './migrations.ts';
export { DESCRIPTION_MAX, NAME_MAX, RECENT_PAGE } from './service.ts';

/** What collections and the profile are told about an annotated game. */
export interface AnnotatedSummary {
  gameId: string;
  /** "player1 vs player2". */
  title: string;
  players: [string, string];
  creatorId: string;
  public: boolean;
  lexicon: string;
  finished: boolean;
  updatedAt: Date;
}

/** The annotated module's face. */
export interface AnnotatedApi {
  /** A game's summary, or undefined when there is no such annotated game. */
  summary(gameId: string): Promise<AnnotatedSummary | undefined>;
  /** A user's annotated games, most recently changed first (their private ones when `withPrivate`). */
  recentForUser(
    userId: string,
    o?: { withPrivate?: boolean; limit?: number; offset?: number },
  ): Promise<AnnotatedSummary[]>;
  /** An annotated game's GCG for `viewerId` (GameMetadataService.GetGCG), or undefined when it has none to give. */
  gcgFor(
    gameId: string,
    viewerId: string | undefined,
  ): Promise<{ gcg: string; fileName: string } | undefined>;
}

const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;

/**
 * AnnotatedGameService (docs/product/community.md §2.8, §3, §7): games
 * entered by hand or imported from GCG, changed only by their creator and
 * only through the engine's referee (referee.ts, decision 0135). Private
 * games are visible to their creator alone. Reacts to no event.
 */
export function createAnnotatedModule(deps: {
  db: Db;
  sessions: SessionResolver;
  accounts: Accounts;
}): ModuleParts<AnnotatedApi> {
  const store = new AnnotatedStore(deps.db);
  const summaryOf = (r: {
    id: string;
    player0: string;
    player1: string;
    creator_id: string;
    public: boolean;
    lexicon: string;
    finished: boolean;
    updated_at: Date;
  }): AnnotatedSummary => ({
    gameId: r.id,
    title: `${r.player0} vs ${r.player1}`,
    players: [r.player0, r.player1],
    creatorId: r.creator_id,
    public: r.public,
    lexicon: r.lexicon,
    finished: r.finished,
    updatedAt: r.updated_at,
  });
  const api: AnnotatedApi = {
    async summary(gameId) {
      const row = await store.brief(gameId);
      return row && summaryOf(row);
    },
    async recentForUser(userId, o = {}) {
      const rows = await store.ofCreator(userId, {
        withPrivate: o.withPrivate ?? false,
        unfinishedOnly: false,
        limit: Math.min(o.limit ?? RECENT_LIMIT, 100),
        offset: Math.max(0, o.offset ?? 0),
      });
      return rows.map(summaryOf);
    },
    async gcgFor(gameId, viewerId) {
      const row = await store.row(gameId);
      if (!row || (!row.public && row.creator_id !== viewerId)) return undefined;
      const names = [row.player0, row.player1];
      const fileName = names.every((n) => SAFE_NAME.test(n))
        ? `${names[0]}-vs-${names[1]}-${row.id}.gcg`
        : `${row.id}.gcg`;
      return { gcg: gcg.writeGcg(gameOf(row)), fileName };
    },
  };
  return {
    module: {
      name: 'annotated',
      routes: (router) => annotatedRoutes(router, { store, ...deps }),
    },
    api,
  };
}

const RECENT_LIMIT = 40;
