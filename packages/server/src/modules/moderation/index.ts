import type { Logger } from 'pino';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import type { Accounts } from '../auth/index.ts';
import type { ChatApi } from '../chat/index.ts';
import type { Events } from '../events.ts';
import type { Mailer } from '../mail/index.ts';
import type { ModuleParts } from '../module.ts';
import type { RatingApi } from '../rating/index.ts';
import type { Access, Roles } from '../roles/index.ts';
import type { Scheduler } from '../scheduler/index.ts';
import type { StatsApi } from '../stats/index.ts';
import type { Refusal } from '@tessera/protocol';
import { type ModActionRecord, ModActionStore, type ModActionType } from './actions.ts';
import { Moderation } from './moderation.ts';
import { Notoriety } from './notoriety.ts';
import { parseNotorietyRules } from './notoriety-rules.ts';
import { Reports } from './reports.ts';
import { gamesRefusal } from './refusals.ts';
import { modRoutes } from './service.ts';

export { moderationMigrations } from './migrations.ts';
export { LASTING_TYPES, type ModActionRecord, type ModActionType } from './actions.ts';
export { MAX_DURATION_HOURS, MAX_NOTE_LENGTH } from './moderation.ts';
export {
  classify,
  DEFAULT_NOTORIETY_RULES,
  type NotoriousType,
  type NotorietyRules,
} from './notoriety-rules.ts';

/** The moderation module's face: is a user muted or suspended now, and why. */
export interface ModerationApi {
  /** The refusal a mute in force gives the user's chat line (naming its end), or undefined. */
  muteRefusal(userId: string): Promise<Refusal | undefined>;
  /** The refusal an account suspension gives sign-in and the API key, or undefined. */
  accountRefusal(userId: string): Promise<Refusal | undefined>;
  /** The refusal a games suspension gives a new game (rated or not), or undefined. */
  gamesRefusal(userId: string, rated: boolean): Promise<Refusal | undefined>;
  /** The action of this type in force on the user, or undefined. */
  active(userId: string, type: ModActionType): Promise<ModActionRecord | undefined>;
  /** Every lasting action in force on the user, by type (GetActions). */
  activeActions(userId: string): Promise<Map<ModActionType, ModActionRecord>>;
  /** Everything ever applied to the user, newest first (GetActionHistory). */
  history(userId: string): Promise<ModActionRecord[]>;
  /** Applies an action as `applierId` would through ModService (tests and the CLI). */
  apply: Moderation['apply'];
  /** Lifts an action early, as `removerId`. */
  remove: Moderation['remove'];
  /** The notoriety score and its games. */
  notoriety: Notoriety['report'];
}

/**
 * ModService (docs/product/community.md §7): moderators' actions on users,
 * their history, automatic notoriety and players' reports. Reacts to (after
 * commit) game.changed (denied nudges) and game.ended (notoriety); in the
 * transaction to game.created (a suspended player's new game is refused);
 * job `moderation.expire` (a timed action ran out: recorded, user told).
 */
export function createModerationModule(deps: {
  db: Db;
  gateway: Gateway;
  log: Logger;
  events: Events;
  scheduler: Scheduler;
  mailer: Mailer;
  accounts: Accounts;
  roles: Roles;
  access: Access;
  ratings: RatingApi;
  stats: StatsApi;
  chat: () => ChatApi;
  /** Erases a deleted user's profile (the profile module). */
  eraseProfile: (userId: string) => Promise<void>;
  /** NOTORIETY_RULES: overrides of the rules' numbers, as JSON. */
  notorietyRules: string;
}): ModuleParts<ModerationApi> {
  const moderation = new Moderation(deps);
  const notoriety = new Notoriety(
    deps.db,
    parseNotorietyRules(deps.notorietyRules),
    deps.log,
    (userId, days, note) => moderation.suspendRatedAutomatically(userId, days, note),
    (row, events) => deps.stats.unchallengedPhonies(row, events),
  );
  notoriety.listen(deps.events);
  const reports = new Reports(deps.db, deps.accounts, deps.chat);
  // One check for every way a game starts (lobby, rematch, bot): tournament
  // pairings are the director's business, so they are left alone.
  deps.events.inTransaction('game.created', 'moderation', async ({ row }, tx) => {
    if (row.tournament_id && row.round >= 0) return;
    const store = new ModActionStore(tx);
    const seats = [row.player0_id, row.player1_id].filter((_, i) => i !== row.bot_index);
    for (const userId of seats) {
      // One statement a player for both suspensions (a game's start is ~30 statements).
      const actions = await store.activeMap(userId);
      const refusal = gamesRefusal(
        actions.get('SUSPEND_GAMES'),
        row.rated ? actions.get('SUSPEND_RATED_GAMES') : undefined,
      );
      if (refusal) throw refusal;
    }
  });
  const api: ModerationApi = {
    muteRefusal: (userId) => moderation.muteRefusal(userId),
    accountRefusal: (userId) => moderation.accountRefusal(userId),
    gamesRefusal: (userId, rated) => moderation.gamesRefusal(userId, rated),
    active: (userId, type) => moderation.store.active(userId, type),
    activeActions: (userId) => moderation.store.activeMap(userId),
    history: (userId) => moderation.store.history(userId),
    apply: (a, applierId) => moderation.apply(a, applierId),
    remove: (userId, type, removerId) => moderation.remove(userId, type, removerId),
    notoriety: (userId) => notoriety.report(userId),
  };
  return {
    module: {
      name: 'moderation',
      routes: (router) =>
        modRoutes(router, {
          moderation,
          notoriety,
          reports,
          access: deps.access,
          accounts: deps.accounts,
        }),
    },
    api,
  };
}
