import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { AnnotatedGames, CollectionsApi } from '../collections/index.ts';
import type { GameApi } from '../game/index.ts';
import type { ModuleParts } from '../module.ts';
import type { ModerationApi } from '../moderation/index.ts';
import type { Roles } from '../roles/index.ts';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import { joinAnnotatedRealms } from './realm.ts';
import { commentRoutes } from './service.ts';
import { Comments } from './store.ts';

export { commentMigrations } from './store.ts';
export { COMMENT_MAX } from './service.ts';

/**
 * GameCommentService (docs/product/community.md §2.10, §4.12, §7): comments
 * on one event of any game, played here or annotated (a game being played
 * keeps them from its two players until it ends); every change is told to the
 * game's page (GAME_COMMENTS_CHANGED to its players' and observers' realms,
 * or to the annotated game view's realm).
 * Muted users cannot comment; the author edits, the author or a moderator
 * deletes (decision 0138). Reacts to no event.
 */
export function createCommentsModule(deps: {
  db: Db;
  gateway: Gateway;
  sessions: SessionResolver;
  accounts: Pick<Accounts, 'usernames'>;
  roles: Pick<Roles, 'permsOf'>;
  moderation: Pick<ModerationApi, 'muteRefusal'>;
  games: Pick<GameApi, 'row' | 'cardsFor' | 'playerIndex'>;
  annotated: AnnotatedGames;
  collections: CollectionsApi;
}): ModuleParts {
  const store = new Comments(deps.db);
  joinAnnotatedRealms(deps.gateway, deps.annotated);
  return {
    module: { name: 'comments', routes: (router) => commentRoutes(router, { ...deps, store }) },
    api: undefined,
  };
}
