import type { ModuleMigrations } from '../storage/migrate.ts';
import { annotatedMigrations, createAnnotatedModule } from './annotated/index.ts';
import { createAdminModule } from './admin/index.ts';
import { authMigrations, createAuthModule } from './auth/index.ts';
import { createBotModule } from './bot/index.ts';
import { chatMigrations, createChatModule } from './chat/index.ts';
import { configMigrations, createConfigModule } from './config/index.ts';
import { createGameModule, gameMigrations } from './game/index.ts';
import { createLexiconModule } from './lexicon/index.ts';
import { createLivenessModule, livenessMigrations } from './liveness/index.ts';
import { createLobbyModule, lobbyMigrations } from './lobby/index.ts';
import { createMailModule, mailMigrations } from './mail/index.ts';
import { createMembershipModule, membershipMigrations } from './membership/index.ts';
import { createModerationModule, moderationMigrations } from './moderation/index.ts';
import type { ModuleContext, ServerModule } from './module.ts';
import { createPresenceModule, presenceMigrations } from './presence/index.ts';
import { createProfileModule, profileMigrations } from './profile/index.ts';
import { createPuzzleModule, puzzleMigrations } from './puzzle/index.ts';
import { createRatingModule, ratingMigrations } from './rating/index.ts';
import { createRolesModule, roleMigrations } from './roles/index.ts';
import { createSchedulerModule, schedulerMigrations } from './scheduler/index.ts';
import { createSocialModule, socialMigrations } from './social/index.ts';
import { createStatsModule, statsMigrations } from './stats/index.ts';
import { createTournamentModule, isFreeForm, tournamentMigrations } from './tournament/index.ts';
import { createDonationModule, donationMigrations } from './donation/index.ts';
import { createIntegrationModule, integrationMigrations } from './integration/index.ts';
import { createSiteModule } from './site/index.ts';
import { createWordModule } from './word/index.ts';
import { collectionMigrations, createCollectionsModule } from './collections/index.ts';
import { commentMigrations, createCommentsModule } from './comments/index.ts';
import { createMonitoringModule, monitoringMigrations } from './monitoring/index.ts';

/** Every module's migrations, in the order their tables may refer to each other. */
export const MIGRATIONS: ModuleMigrations[] = [
  { module: 'auth', migrations: authMigrations },
  { module: 'roles', migrations: roleMigrations },
  { module: 'mail', migrations: mailMigrations },
  { module: 'chat', migrations: chatMigrations },
  { module: 'social', migrations: socialMigrations },
  { module: 'moderation', migrations: moderationMigrations },
  { module: 'rating', migrations: ratingMigrations },
  { module: 'game', migrations: gameMigrations },
  { module: 'lobby', migrations: lobbyMigrations },
  { module: 'presence', migrations: presenceMigrations },
  { module: 'config', migrations: configMigrations },
  { module: 'membership', migrations: membershipMigrations },
  { module: 'scheduler', migrations: schedulerMigrations },
  { module: 'liveness', migrations: livenessMigrations },
  { module: 'puzzle', migrations: puzzleMigrations },
  { module: 'tournament', migrations: tournamentMigrations },
  { module: 'donation', migrations: donationMigrations },
  { module: 'stats', migrations: statsMigrations },
  { module: 'profile', migrations: profileMigrations },
  { module: 'integration', migrations: integrationMigrations },
  { module: 'annotated', migrations: annotatedMigrations },
  { module: 'collections', migrations: collectionMigrations },
  { module: 'comments', migrations: commentMigrations },
  { module: 'monitoring', migrations: monitoringMigrations },
];

/**
 * Auth, roles and mail: they need only storage and configuration, so the
 * CLI's admin commands (app.ts `openCore`) have them without a server.
 */
export function createAccountModules(deps: Pick<ModuleContext, 'db' | 'config'>) {
  const mail = createMailModule(deps);
  const auth = createAuthModule({
    ...deps,
    mailer: mail.api,
    permsOf: (userId) => roles.api.roles.permsOf(userId),
  });
  const roles = createRolesModule({ db: deps.db, auth: auth.api });
  return { auth, roles, mail };
}

export type AccountModules = ReturnType<typeof createAccountModules>;

/**
 * The one place where modules are wired to each other. Every module is made
 * by its `create<Name>Module(deps)`, which returns `{ module, api }`; a
 * module gets the infrastructure it uses and the APIs of the modules it
 * asks. The order here is also the order of after-commit subscribers (the
 * game's own screens first, then ratings, bots and the lobby).
 */
export function createModules(ctx: ModuleContext, accountModules: AccountModules) {
  const { db, gateway, bus, events, log } = ctx;
  const { auth, roles: rolesModule, mail } = accountModules;
  const { accounts, sessions } = auth.api;
  const { roles, badges, access } = rolesModule.api;
  // A user whose sessions are revoked loses their sockets too.
  accounts.onRevoked = (userId) => gateway.disconnectUser(userId);
  const scheduler = createSchedulerModule({ db, log });
  const lexicons = createLexiconModule(ctx);
  const ratings = createRatingModule({ db, events, gateway });
  const presence = createPresenceModule({ db, gateway, log, events, processId: ctx.processId });
  const memberships = createMembershipModule({ db });
  const chat = createChatModule({
    db,
    gateway,
    bus,
    policy: {
      fullBlocks: (userId) => social.api.fullBlocks(userId),
      muteRefusal: (userId) => moderation.api.muteRefusal(userId),
      async gameSeat(gameId, userId) {
        const row = await game.api.row(gameId);
        if (!row) return { player: false, live: false };
        return { player: game.api.playerIndex(row, userId) >= 0, live: !row.ended_at };
      },
    },
  });
  const social = createSocialModule({
    db,
    bus,
    sessions,
    accounts,
    presence: presence.api,
    chat: () => chat.api,
  });
  const annotated = createAnnotatedModule({ db, sessions, accounts });
  const game = createGameModule({
    db,
    events,
    groupCommit: ctx.config.groupCommit,
    // PGlite is one connection; the PostgreSQL pool has ten, and reads need some of them.
    groupCommitWriters: ctx.config.databaseUrl ? Math.min(ctx.config.groupCommitWriters, 8) : 1,
    scheduler: scheduler.api,
    gateway,
    log,
    sessions,
    accounts,
    lexicon: lexicons.api.lexicon,
    usernames: (ids) => accounts.usernames(ids),
    ratings: (wanted) => ratings.api.getMany(wanted),
    ratingChanges: (gameId) => ratings.api.changesFor(gameId),
    otherRecord: (gameId, viewerId) => annotated.api.gcgFor(gameId, viewerId),
  });
  const stats = createStatsModule({
    db,
    events,
    lexicon: lexicons.api.lexicon,
    history: (after, limit) => game.api.finishedHistory(after, limit),
  });
  const moderation = createModerationModule({
    ...ctx,
    scheduler: scheduler.api,
    mailer: mail.api,
    accounts,
    roles,
    access,
    ratings: ratings.api,
    stats: stats.api,
    chat: () => chat.api,
    eraseProfile: (userId) => profiles.api.erase(userId),
    notorietyRules: ctx.config.notorietyRules,
  });
  // Sign-in and API keys meet an account suspension (with its end).
  accounts.accessRefusal = (userId) => moderation.api.accountRefusal(userId);
  const profiles = createProfileModule({
    db,
    accounts,
    sessions,
    ratings: ratings.api,
    stats: stats.api,
    games: game.api,
    badges: (ids) => badges.of(ids),
  });
  const admin = createAdminModule({ accounts, access });
  const bots = createBotModule({
    ...ctx,
    accounts,
    sessions,
    roles,
    memberships: memberships.api,
    games: game.api,
    scheduler: scheduler.api,
  });
  const lobby = createLobbyModule({
    ...ctx,
    accounts,
    games: game.api,
    ratings: ratings.api,
    social: social.api,
    bots: bots.api.seats,
    lexiconName: lexicons.api.resolve,
    gamesRefusal: (userId, rated) => moderation.api.gamesRefusal(userId, rated),
    clubId: async (idOrSlug) => {
      const s = await tournaments.api.state(idOrSlug);
      return s && isFreeForm(s.meta.type) ? s.id : undefined;
    },
  });
  const config = createConfigModule({
    db,
    access,
    correspondenceGameCount: () => game.api.correspondenceGameCount(),
  });
  const puzzles = createPuzzleModule({
    db,
    config: ctx.config,
    log,
    gateway,
    sessions,
    roles,
    scheduler: scheduler.api,
    lexicons: lexicons.api,
    games: game.api,
  });
  const tournaments = createTournamentModule({
    db,
    gateway,
    events,
    sessions,
    accounts,
    roles,
    games: game.api,
    scheduler: scheduler.api,
    log,
    lexiconName: lexicons.api.resolve,
    ratings: (wanted) => ratings.api.getMany(wanted),
    publicUrl: ctx.config.publicUrl,
    imageHosts: ctx.config.imageHosts,
  });

  const monitoring = createMonitoringModule({
    db,
    gateway,
    events,
    sessions,
    accounts,
    tournaments: tournaments.api,
    ice: ctx.config.ice,
    mediaRelay: ctx.config.mediaRelay,
    secretKey: ctx.config.secretKey,
    processId: ctx.processId,
    log,
  });

  const word = createWordModule({ lexicons: lexicons.api });
  const donation = createDonationModule({ db, config: ctx.config, sessions, log });
  const integrations = createIntegrationModule({
    db,
    config: ctx.config,
    sessions,
    memberships: memberships.api,
    log,
  });
  const site = createSiteModule({
    termsFile: ctx.config.termsFile,
    teamFile: ctx.config.teamFile,
    log,
  });
  const collections = createCollectionsModule({
    db,
    sessions,
    accounts,
    games: game.api,
    annotated: annotated.api,
  });
  const comments = createCommentsModule({
    db,
    gateway,
    sessions,
    accounts,
    roles,
    moderation: moderation.api,
    games: game.api,
    annotated: annotated.api,
    collections: collections.api,
  });
  const liveness = createLivenessModule({ db, events, log, processId: ctx.processId });

  const modules: ServerModule[] = [
    lexicons.module,
    auth.module,
    mail.module,
    config.module,
    rolesModule.module,
    admin.module,
    moderation.module,
    memberships.module,
    social.module,
    chat.module,
    presence.module,
    word.module,
    site.module,
    donation.module,
    integrations.module,
    // Before the game module: an outage is credited to the clocks before their deadlines are looked at.
    liveness.module,
    ratings.module,
    stats.module,
    game.module,
    bots.module,
    lobby.module,
    puzzles.module,
    tournaments.module,
    monitoring.module,
    profiles.module,
    annotated.module,
    collections.module,
    comments.module,
    // Last: jobs start running once every module has registered its handlers.
    scheduler.module,
  ];
  return {
    modules,
    // What tests and tools reach directly.
    services: {
      chat: chat.api,
      moderation: moderation.api,
      lexicons: { building: lexicons.api.building, resolve: lexicons.api.resolve },
      games: game.api,
      ratings: ratings.api,
      stats: stats.api,
      profiles: profiles.api,
      annotated: annotated.api,
      puzzles: puzzles.api,
      tournaments: tournaments.api,
    },
  };
}

export type Services = ReturnType<typeof createModules>['services'];
