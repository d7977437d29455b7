import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { GameApi } from '../game/index.ts';
import type { ModuleParts } from '../module.ts';
import type { Db } from '../../storage/database.ts';
import type { AnnotatedGames } from './annotated.ts';
import { collectionRoutes } from './service.ts';
import { Collections } from './store.ts';

export { collectionMigrations } from './store.ts';
export { noAnnotatedGames, type AnnotatedGames, type AnnotatedSummary } from './annotated.ts';
export { pageOf } from './service.ts';

/** The collections module's face, for the comments feed. */
export interface CollectionsApi {
  /** A collection's games in chapter order, if the viewer may see it (public, or theirs); else undefined. */
  gameIdsFor(collectionId: string, viewerId: string | undefined): Promise<string[] | undefined>;
}

/**
 * CollectionsService (docs/product/community.md §2.9, §4.11, §7): collections
 * of finished and annotated games, chapters paged and never capped
 * (decision 0137). Reacts to no event.
 */
export function createCollectionsModule(deps: {
  db: Db;
  sessions: SessionResolver;
  accounts: Pick<Accounts, 'usernames'>;
  games: Pick<GameApi, 'row' | 'cardsFor'>;
  annotated: AnnotatedGames;
}): ModuleParts<CollectionsApi> {
  const store = new Collections(deps.db);
  return {
    module: {
      name: 'collections',
      routes: (router) => collectionRoutes(router, { ...deps, store }),
    },
    api: {
      async gameIdsFor(id, viewerId) {
        const row = /^[0-9a-f-]{36}$/.test(id) ? await store.get(id) : undefined;
        if (!row || (!row.public && row.creator_id !== viewerId)) return undefined;
        return store.gameIds(id);
      },
    },
  };
}
