import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import { isCountryCode, ProfileService, refuse } from '@tessera/protocol';
import type { Accounts, AccountDetails, SessionResolver } from '../auth/index.ts';
import { NAME_MAX, parseBirthDate, validateEmail } from '../auth/index.ts';
import type { GameApi } from '../game/index.ts';
import type { RatingApi } from '../rating/index.ts';
import type { StatsApi, StatTotals } from '../stats/index.ts';
import { avatarProblem } from './avatar.ts';
import type { Profiles } from './profiles.ts';

/** The profile's game table page (docs/product/community.md §9). */
export const GAMES_PAGE = 24;
export const ABOUT_MAX = 2000;
const HISTORY_MAX = 1000;
/** Brief profiles are kept this long (§9). */
export const BRIEF_TTL_MS = 5 * 60 * 1000;
const BRIEF_MAX_IDS = 200;
const CHILD = 2;

/** The spec's statistic names (§3), in its order. */
const STAT_NAMES: [string, keyof StatTotals][] = [
  ['Games', 'games'],
  ['Wins', 'wins'],
  ['Losses', 'losses'],
  ['Draws', 'draws'],
  ['Score', 'score'],
  ['Turns', 'turns'],
  ['High Game', 'highGame'],
  ['High Turn', 'highTurn'],
  ['Bingos', 'bingos'],
  ['Challenges Won', 'challengesWon'],
  ['Challenged Phonies', 'challengedPhonies'],
  ['Unchallenged Phonies', 'unchallengedPhonies'],
];

export interface ProfileDeps {
  accounts: Accounts;
  sessions: SessionResolver;
  profiles: Profiles;
  ratings: RatingApi;
  stats: StatsApi;
  games: Pick<GameApi, 'finishedGamesOf' | 'finishedCountOf'>;
  /** Badge codes by user id (the roles module's badges). */
  badges: (userIds: string[]) => Promise<Map<string, string[]>>;
}

/** Whether others may read a user's bio: an adult account with a birth date on file. */
export const bioPublic = (a: AccountDetails) => a.birthDate !== '' && a.isChild !== CHILD;
/** Avatars are editable by adult, non-bot accounts. */
export const avatarsEditable = (a: AccountDetails) => !a.isBot && a.isChild !== CHILD;

/** ProfileService: profiles, rating history, personal info, avatars and the game table. */
export function profileRoutes(
  router: ConnectRouter,
  d: ProfileDeps,
  brief: { get(ids: string[]): Promise<Map<string, BriefProfileOut>>; forget(id: string): void },
): void {
  const viewer = async (ctx: HandlerContext) => {
    const me = await d.sessions.currentUser(ctx);
    if (!me) throw refuse('PROFILE_LOGIN_REQUIRED');
    return me;
  };
  const detailsOf = async (username: string) => {
    const acc = await d.accounts.findByUsername(username.trim());
    const details = acc && (await d.accounts.details([acc.id])).get(acc.id);
    if (!details) throw refuse('USER_UNKNOWN');
    return details;
  };
  const self = async (ctx: HandlerContext) => {
    const me = await d.sessions.requireUser(ctx);
    const details = (await d.accounts.details([me.id])).get(me.id);
    if (!details) throw refuse('NOT_LOGGED_IN');
    return details;
  };

  router.service(ProfileService, {
    async getProfile(req, ctx) {
      const me = await viewer(ctx);
      const user = await detailsOf(req.username);
      const own = me.id === user.id;
      const [fields, ratings, updated, stats, badges] = await Promise.all([
        d.profiles.fields([user.id]),
        d.ratings.allFor(user.id),
        d.ratings.updatedAt(user.id),
        d.stats.of(user.id),
        d.badges([user.id]),
      ]);
      const f = fields.get(user.id)!;
      const showBio = own ? user.birthDate !== '' : bioPublic(user);
      return {
        userId: user.id,
        username: user.username,
        fullName: f.fullName,
        countryCode: user.countryCode,
        about: showBio ? f.about : '',
        avatarsEditable: own && avatarsEditable(user),
        birthDate: own ? user.birthDate : '',
        ratingsJson: JSON.stringify(
          Object.fromEntries(
            Object.entries(ratings).map(([k, r]) => [
              k,
              {
                r: r.rating,
                ts: Math.floor((updated[k] ?? 0) / 1000),
                d: r.deviation,
                games: r.games,
              },
            ]),
          ),
        ),
        statsJson: JSON.stringify({
          byKey: Object.fromEntries(
            Object.entries(stats).map(([k, t]) => [
              k,
              Object.fromEntries(STAT_NAMES.map(([name, field]) => [name, t[field]])),
            ]),
          ),
          summary: d.stats.summary(stats),
        }),
        badgeCodes: badges.get(user.id) ?? [],
        avatarUrl: f.avatarUrl,
        own,
        hasBirthDate: user.birthDate !== '',
      };
    },

    async getRatingHistory(req, ctx) {
      await viewer(ctx);
      const user = await detailsOf(req.username);
      const limit = req.limit > 0 ? Math.min(req.limit, HISTORY_MAX) : HISTORY_MAX;
      const h = await d.ratings.history(user.id, req.ratingKey, limit, Math.max(0, req.offset));
      return { points: h.points.map((p) => ({ ...p, at: BigInt(p.at) })), total: h.total };
    },

    async getPersonalInfo(_req, ctx) {
      const me = await self(ctx);
      const f = (await d.profiles.fields([me.id])).get(me.id)!;
      return {
        info: {
          fullName: f.fullName,
          avatarUrl: f.avatarUrl,
          about: f.about,
          birthDate: me.birthDate,
          email: me.email,
          firstName: me.firstName,
          lastName: me.lastName,
          countryCode: me.countryCode,
        },
      };
    },

    async updatePersonalInfo(req, ctx) {
      const me = await self(ctx);
      const email = req.email.trim();
      if (validateEmail(email)) throw refuse('SETTINGS_EMAIL_INVALID');
      if (req.birthDate !== '' && !parseBirthDate(req.birthDate)) {
        throw refuse('BIRTH_DATE_INVALID');
      }
      if ([req.fullName, req.firstName, req.lastName].some((n) => n.trim().length > NAME_MAX)) {
        throw refuse('NAME_TOO_LONG');
      }
      if (!isCountryCode(req.countryCode)) throw refuse('COUNTRY_INVALID');
      if (req.about.length > ABOUT_MAX) throw refuse('ABOUT_TOO_LONG', String(ABOUT_MAX));
      await d.accounts.updateDetails(me.id, {
        email,
        // A birth date once given stays: an empty field keeps the one on file.
        birthDate: req.birthDate || me.birthDate,
        firstName: req.firstName,
        lastName: req.lastName,
        countryCode: req.countryCode,
      });
      await d.profiles.setText(me.id, req.fullName.trim(), req.about);
      brief.forget(me.id);
      return {};
    },

    async updateAvatar(req, ctx) {
      const me = await self(ctx);
      if (!avatarsEditable(me)) throw refuse('AVATARS_NOT_EDITABLE');
      const problem = avatarProblem(req.jpgData);
      if (problem) throw problem;
      const avatarUrl = await d.profiles.setAvatar(me.id, req.jpgData);
      brief.forget(me.id);
      return { avatarUrl };
    },

    async removeAvatar(_req, ctx) {
      const me = await self(ctx);
      await d.profiles.removeAvatar(me.id);
      brief.forget(me.id);
      return {};
    },

    async getBriefProfiles(req) {
      const ids = [...new Set(req.userIds)].slice(0, BRIEF_MAX_IDS);
      return { response: Object.fromEntries(await brief.get(ids)) };
    },

    async getGames(req, ctx) {
      await viewer(ctx);
      const user = await detailsOf(req.username);
      const total = await d.games.finishedCountOf(user.id);
      let offset = Math.max(0, req.offset);
      // Past the end: the last page that has games (§2.4).
      if (offset >= total)
        offset = total === 0 ? 0 : Math.floor((total - 1) / GAMES_PAGE) * GAMES_PAGE;
      const games = await d.games.finishedGamesOf(user.id, GAMES_PAGE, offset);
      return { games, offset, total };
    },
  });
}

export interface BriefProfileOut {
  username: string;
  fullName: string;
  countryCode: string;
  avatarUrl: string;
  badgeCodes: string[];
}

/** Brief profiles by user id, each kept BRIEF_TTL_MS in this process. */
export function briefProfiles(
  d: Pick<ProfileDeps, 'accounts' | 'profiles' | 'badges'>,
  now: () => number = Date.now,
) {
  const cache = new Map<string, { at: number; value: BriefProfileOut }>();
  return {
    async get(ids: string[]): Promise<Map<string, BriefProfileOut>> {
      const out = new Map<string, BriefProfileOut>();
      const missing: string[] = [];
      for (const id of ids) {
        const c = cache.get(id);
        if (c && now() - c.at < BRIEF_TTL_MS) out.set(id, c.value);
        else missing.push(id);
      }
      if (missing.length > 0) {
        const [details, fields, badges] = await Promise.all([
          d.accounts.details(missing),
          d.profiles.fields(missing),
          d.badges(missing),
        ]);
        for (const id of missing) {
          const a = details.get(id);
          if (!a) continue;
          const f = fields.get(id)!;
          const value = {
            username: a.username,
            fullName: f.fullName,
            countryCode: a.countryCode,
            avatarUrl: f.avatarUrl,
            badgeCodes: badges.get(id) ?? [],
          };
          cache.set(id, { at: now(), value });
          out.set(id, value);
        }
      }
      return out;
    },
    forget(id: string) {
      cache.delete(id);
    },
  };
}
