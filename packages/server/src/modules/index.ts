import type { ModuleMigrations } from '../storage/migrate.ts';
import { authMigrations, createAuthModule } from './auth/index.ts';
import { createBotModule } from './bot/index.ts';
import { chatMigrations, createChatModule } from './chat/index.ts';
import { configMigrations, createConfigModule } from './config/index.ts';
import { createGameModule, gameMigrations } from './game/index.ts';
import { createLexiconModule } from './lexicon/index.ts';
import { createLivenessModule, livenessMigrations } from './liveness/index.ts';
import { createLobbyModule, lobbyMigrations } from './lobby/index.ts';
import { mailMigrations } from './mail/index.ts';
import { membershipMigrations } from './membership/index.ts';
import { createModeration, moderationMigrations } from './moderation/index.ts';
import type { ModuleContext, ServerModule } from './module.ts';
import { createPresenceModule, presenceMigrations } from './presence/index.ts';
import { createPuzzleModule, puzzleMigrations } from './puzzle/index.ts';
import { createRatingModule, ratingMigrations } from './rating/index.ts';
import { createRolesModule, roleMigrations } from './roles/index.ts';
import { createSchedulerModule, schedulerMigrations } from './scheduler/index.ts';
import { createSocialModule, socialMigrations } from './social/index.ts';
import { createTournamentModule, isFreeForm, tournamentMigrations } from './tournament/index.ts';
import { createWordModule } from './word/index.ts';

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
];

/**
 * The one place where modules are wired to each other. A module gets the
 * shared context and the public APIs of the modules it uses; the order here
 * is also the order of after-commit subscribers (the game's own screens
 * first, then ratings, bots and the lobby).
 */
export function createModules(ctx: ModuleContext) {
  const { db, gateway, bus, sessions, accounts, roles, events, access, log } = ctx;
  const scheduler = createSchedulerModule({ db, log });
  const lexicons = createLexiconModule(ctx);
  const ratings = createRatingModule({ db, events, gateway });
  const presence = createPresenceModule({ db, gateway, log, events, processId: ctx.processId });
  const moderation = createModeration(db);
  const chat = createChatModule({
    db,
    gateway,
    bus,
    policy: {
      fullBlocks: (userId) => social.api.fullBlocks(userId),
      isMuted: (userId) => moderation.isMuted(userId),
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
    chat: () => chat,
  });
  const game = createGameModule({
    db,
    events,
    scheduler: scheduler.api,
    gateway,
    log,
    sessions,
    accounts,
    lexicon: lexicons.lexicon,
    usernames: (ids) => accounts.usernames(ids),
    ratings: (wanted) => ratings.getMany(wanted),
    ratingChanges: (gameId) => ratings.changesFor(gameId),
  });
  const bots = createBotModule(ctx, game.api, scheduler.api);
  const lobby = createLobbyModule(ctx, {
    games: game.api,
    ratings,
    social: social.api,
    bots: bots.api.seats,
    lexiconName: lexicons.resolve,
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
    lexicons,
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
    lexiconName: lexicons.resolve,
    ratings: (wanted) => ratings.getMany(wanted),
    publicUrl: ctx.config.publicUrl,
  });

  const modules: ServerModule[] = [
    lexicons.module,
    createAuthModule({
      accounts,
      sessions,
      roles,
      secretKey: ctx.config.secretKey,
      frontEndVersion: ctx.config.frontEndVersion,
    }),
    config.module,
    createRolesModule({ roles, access, accounts }),
    social.module,
    presence.module,
    createWordModule({ lexicons }),
    // Before the game module: an outage is credited to the clocks before their deadlines are looked at.
    createLivenessModule({ db, events, log, processId: ctx.processId }),
    game.module,
    bots.module,
    lobby,
    puzzles.module,
    tournaments.module,
    // Last: jobs start running once every module has registered its handlers.
    scheduler.module,
  ];
  return {
    modules,
    // What tests and tools reach directly.
    services: {
      chat,
      lexicons: { building: lexicons.building, resolve: lexicons.resolve },
      games: game.api,
      ratings,
      puzzles: puzzles.api,
      tournaments: tournaments.api,
    },
  };
}

export type Services = ReturnType<typeof createModules>['services'];
