import type { ModuleMigrations } from '../storage/migrate.ts';
import { authMigrations } from './auth/migrations.ts';
import { completionRoutes } from './auth/completion-service.ts';
import { authRoutes } from './auth/service.ts';
import { createBotModule } from './bot/index.ts';
import { chatMigrations, createChat, socialRoutes } from './chat/index.ts';
import { createGameModule, gameMigrations } from './game/index.ts';
import { gameMetadataRoutes } from './game/metadata-service.ts';
import { Announcements, configMigrations } from './config/announcements.ts';
import { configRoutes } from './config/service.ts';
import { createLexiconModule } from './lexicon/index.ts';
import { announceGameChange, Lobby } from './lobby/lobby.ts';
import { correspondenceGameCount } from './lobby/counts.ts';
import { lobbyMigrations } from './lobby/migrations.ts';
import { registerLobbySocket } from './lobby/socket.ts';
import { mailMigrations } from './mail/mail.ts';
import { membershipMigrations } from './membership/memberships.ts';
import { createModeration, moderationMigrations } from './moderation/moderation.ts';
import type { ModuleContext, ServerModule } from './module.ts';
import { ratingMigrations, Ratings } from './rating/ratings.ts';
import { roleMigrations } from './roles/roles.ts';
import { roleRoutes } from './roles/service.ts';
import { Presence, presenceMigrations } from './presence/presence.ts';
import { Social, socialMigrations } from './social/social.ts';
import { wordRoutes } from './word/service.ts';
import { serveLexiconGraphs } from './word/graphs.ts';
import { WordNet } from './word/wordnet.ts';
import { DEFAULT_LEXICON } from '@tessera/lexica';

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
];

/** The one place where modules are wired to each other. */
export function createModules(ctx: ModuleContext) {
  const { db, gateway, bus, sessions, accounts, roles } = ctx;
  const social = new Social(db, bus);
  const presence = new Presence(db, gateway, ctx.log);
  const moderation = createModeration(db);
  const chat = createChat(db, gateway, bus, {
    fullBlocks: (userId) => social.fullBlocks(userId),
    isMuted: (userId) => moderation.isMuted(userId),
  });
  const lexicons = createLexiconModule(ctx);
  const ratings = new Ratings(db);
  const game = createGameModule(ctx, ratings, lexicons.lexicon);
  const bots = createBotModule(ctx, game.games, game.broadcaster, game.notify);
  game.onChange(bots.onChange);
  const lobby = new Lobby(ctx, game.games, ratings, social, bots.seats, lexicons.resolve);
  const lobbySocket = registerLobbySocket(ctx, lobby, game.games, ratings);
  const announcements = new Announcements(db);
  game.onChange((a) => {
    if (a.ended || a.from === 0) announceGameChange(bus, a.row);
  });

  const modules: ServerModule[] = [
    lexicons.module,
    {
      name: 'auth',
      routes: (router) =>
        authRoutes(router, {
          accounts,
          sessions,
          roles,
          secretKey: ctx.config.secretKey,
          frontEndVersion: ctx.config.frontEndVersion,
        }),
    },
    { name: 'completion', routes: (router) => completionRoutes(router, { accounts }) },
    {
      name: 'config',
      routes: (router) =>
        configRoutes(router, {
          announcements,
          sessions,
          roles,
          correspondenceGameCount: () => correspondenceGameCount(db),
        }),
    },
    { name: 'roles', routes: (router) => roleRoutes(router, { roles, sessions, accounts }) },
    {
      name: 'social',
      routes: (router) => socialRoutes(router, { chat, social, sessions, accounts, presence }),
    },
    { name: 'presence', start: async () => presence.start(), stop: () => presence.stop() },
    {
      name: 'word',
      routes: (router) =>
        wordRoutes(router, { lexicons, wordnet: new WordNet(), defaultLexicon: DEFAULT_LEXICON }),
      http: (app) => serveLexiconGraphs(app, lexicons),
    },
    game.module,
    bots.module,
    {
      name: 'game-metadata',
      routes: (router) =>
        gameMetadataRoutes(router, {
          games: game.games,
          sessions,
          accounts,
          db: db as never,
          unfreezeBot: bots.unfreeze,
        }),
    },
    { name: 'lobby', stop: async () => lobbySocket.close() },
  ];
  return {
    modules,
    services: {
      chat,
      social,
      games: game.games,
      lobby,
      ratings,
      lexicons,
      moderation,
      sweeper: game.sweeper,
      announcements,
    },
  };
}

export type Services = ReturnType<typeof createModules>['services'];
