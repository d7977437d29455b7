import { errorMessage, ProfileService } from '@tessera/protocol';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { GameApi } from '../game/index.ts';
import type { ModuleParts } from '../module.ts';
import type { RatingApi } from '../rating/index.ts';
import type { StatsApi } from '../stats/index.ts';
import type { Db } from '../../storage/database.ts';
import { AVATAR_MAX_BYTES } from './avatar.ts';
import { Profiles } from './profiles.ts';
import { briefProfiles, profileRoutes, type BriefProfileOut } from './service.ts';

export { profileMigrations } from './profiles.ts';
export { AVATAR_MAX_BYTES, AVATAR_SIZE } from './avatar.ts';
export { GAMES_PAGE } from './service.ts';
export type { BriefProfileOut } from './service.ts';

/** The profile module's face: brief profiles (name, flag, avatar) for other modules' lists. */
export interface ProfileApi {
  /** Brief profiles by user id (cached 5 minutes). */
  brief(userIds: string[]): Promise<Map<string, BriefProfileOut>>;
  /** Erases the user's profile (name, bio, avatar): a moderator's account deletion. */
  erase(userId: string): Promise<void>;
}

/**
 * ProfileService (docs/product/community.md §7): profiles with ratings and
 * statistics, rating history, personal info, avatars (served at
 * /avatars/<userId>.jpg) and the profile's game table. Reacts to no event.
 */
export function createProfileModule(deps: {
  db: Db;
  accounts: Accounts;
  sessions: SessionResolver;
  ratings: RatingApi;
  stats: StatsApi;
  games: Pick<GameApi, 'finishedGamesOf' | 'finishedCountOf'>;
  badges: (userIds: string[]) => Promise<Map<string, string[]>>;
}): ModuleParts<ProfileApi> {
  const profiles = new Profiles(deps.db);
  const d = { ...deps, profiles };
  const brief = briefProfiles(d);
  return {
    module: {
      name: 'profile',
      routes: (router) => profileRoutes(router, d, brief),
      // An avatar past the API's 1 MB request limit gets the avatar's own refusal; the
      // file is about three quarters of the JSON body (it travels in base64).
      oversize: {
        [`/${ProfileService.typeName}/${ProfileService.method.updateAvatar.name}`]: (bytes) =>
          errorMessage('AVATAR_TOO_LARGE', Math.floor((bytes * 3) / 4), AVATAR_MAX_BYTES),
      },
      http(app) {
        app.get<{ Params: { file: string } }>('/avatars/:file', async (req, reply) => {
          const m = /^([0-9a-f-]{36})\.jpg$/.exec(req.params.file);
          const jpg = m ? await profiles.avatar(m[1]) : undefined;
          if (!jpg) return reply.code(404).send({ code: 'not_found', message: 'No such avatar' });
          return reply
            .type('image/jpeg')
            .header('cache-control', 'public, max-age=86400')
            .send(Buffer.from(jpg.buffer, jpg.byteOffset, jpg.byteLength));
        });
      },
    },
    api: { brief: (ids) => brief.get(ids), erase: (userId) => profiles.erase(userId) },
  };
}
