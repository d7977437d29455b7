import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../storage/database.ts';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { ChatApi } from '../chat/index.ts';
import type { ModuleParts, ServerModule } from '../module.ts';
import type { PresenceApi } from '../presence/index.ts';
import { completionRoutes } from './completion-service.ts';
import { socialRoutes } from './service.ts';
import { Social } from './social.ts';

export { socialMigrations } from './social.ts';

/** The social module's face: follows and blocks between users. */
export interface SocialApi {
  /** Does `follower` follow `followee`? */
  isFollowing(follower: string, followee: string): Promise<boolean>;
  /** Has either user blocked the other? */
  eitherBlocks(a: string, b: string): Promise<boolean>;
  /** Everyone the user blocks or is blocked by. */
  fullBlocks(userId: string): Promise<Set<string>>;
}

/**
 * SocializeService (friends, blocks, chat lists and history) and
 * AutocompleteService (finding players by name prefix).
 */
export function createSocialModule(deps: {
  db: Db;
  bus: Bus;
  sessions: SessionResolver;
  accounts: Accounts;
  presence: PresenceApi;
  /** Chat is made after social (its policy asks social about blocks), hence a getter. */
  chat: () => ChatApi;
}): ModuleParts<SocialApi> {
  const social = new Social(deps.db, deps.bus);
  const module: ServerModule = {
    name: 'social',
    routes(router) {
      socialRoutes(router, { ...deps, chat: deps.chat(), social });
      completionRoutes(router, { accounts: deps.accounts });
    },
  };
  return {
    module,
    api: {
      isFollowing: (a, b) => social.isFollowing(a, b),
      eitherBlocks: (a, b) => social.eitherBlocks(a, b),
      fullBlocks: (u) => social.fullBlocks(u),
    },
  };
}
