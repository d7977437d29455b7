import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  ChatMessage_EntityType,
  ChatMessageDeletedSchema,
  ChatMessageSchema,
  encodeSocketMessage,
  MessageType,
  type Refusal,
  refuse,
} from '@tessera/protocol';
import type { Bus } from '../../bus/index.ts';
import {
  isRecord,
  isString,
  isStringArray,
  jsonSubject,
  publish,
  subscribe,
} from '../../bus/subjects.ts';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/** Messages kept per channel (docs/product/gameplay.md §9: chat buffer 150). */
export const CHAT_HISTORY = 150;
export const CHAT_MAX_LENGTH = 500;

export const chatMigrations: Migration[] = [
  {
    name: '0001_messages',
    async up(db) {
      await sql`CREATE TABLE chat_messages (
        id text PRIMARY KEY,
        channel text NOT NULL,
        sender_id text NOT NULL,
        sender text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
      await sql`CREATE INDEX chat_messages_channel ON chat_messages(channel, created_at)`.execute(
        db,
      );
    },
  },
  {
    // Lines sent within the same clock tick tied on created_at, so the
    // history could come back out of order and trimming could drop the
    // newest line instead of the oldest: a sequence orders them.
    name: '0002_sequence',
    async up(db) {
      await sql`ALTER TABLE chat_messages ADD COLUMN seq bigint`.execute(db);
      await sql`CREATE SEQUENCE chat_messages_seq OWNED BY chat_messages.seq`.execute(db);
      await sql`UPDATE chat_messages SET seq = o.n
        FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM chat_messages) o
        WHERE o.id = chat_messages.id`.execute(db);
      await sql`SELECT setval('chat_messages_seq', COALESCE(MAX(seq), 0) + 1, false)
        FROM chat_messages`.execute(db);
      await sql`ALTER TABLE chat_messages
        ALTER COLUMN seq SET DEFAULT nextval('chat_messages_seq'),
        ALTER COLUMN seq SET NOT NULL`.execute(db);
      await sql`CREATE INDEX chat_messages_channel_seq ON chat_messages(channel, seq)`.execute(db);
    },
  },
];

type ChatTables = {
  chat_messages: {
    id: string;
    channel: string;
    sender_id: string;
    sender: string;
    message: string;
    created_at?: Date;
    /** Insertion order (the clock can tie). */
    seq?: number;
  };
};

/**
 * Where a channel's messages go. Private channels name their two users by
 * sorted id ("chat.pm.<a>_<b>"); only those two may post and receive.
 */
/** A stored chat line. */
export type ChatLine = ChatTables['chat_messages'];

export type ChannelRoute =
  { kind: 'realm'; realm: string } | { kind: 'users'; userIds: [string, string] };

// Game and tournament ids are base64url and may hold `_`; user ids in a
// private channel are UUIDs, joined by `_`, so they must not.
const ID = '[A-Za-z0-9_-]{1,64}';
const USER_ID = '[A-Za-z0-9-]{1,64}';
const PATTERNS: [RegExp, (m: RegExpExecArray) => ChannelRoute][] = [
  [/^chat\.lobby$/, () => ({ kind: 'realm', realm: 'lobby' })],
  [/^chat\.puzzlelobby$/, () => ({ kind: 'realm', realm: 'puzzle' })],
  [new RegExp(`^chat\\.game\\.(${ID})$`), (m) => ({ kind: 'realm', realm: `game.${m[1]}` })],
  [new RegExp(`^chat\\.gametv\\.(${ID})$`), (m) => ({ kind: 'realm', realm: `gametv.${m[1]}` })],
  [
    new RegExp(`^chat\\.tournament\\.(${ID})$`),
    (m) => ({ kind: 'realm', realm: `tournament.${m[1]}` }),
  ],
  [
    new RegExp(`^chat\\.pm\\.(${USER_ID})_(${USER_ID})$`),
    (m) => ({ kind: 'users', userIds: [m[1], m[2]] }),
  ],
];

export function routeChannel(channel: string): ChannelRoute | undefined {
  for (const [re, route] of PATTERNS) {
    const m = re.exec(channel);
    if (m) return route(m);
  }
  return undefined;
}

export function pmChannel(a: string, b: string): string {
  return `chat.pm.${[a, b].sort().join('_')}`;
}

export interface ChatSender {
  userId: string;
  username: string;
}

/** Lines a user may post in a burst, and how fast the allowance comes back. */
export const CHAT_BURST = 5;
export const CHAT_REFILL_PER_SECOND = 0.5;

export interface ChatPolicy {
  /** Everyone the user blocks or is blocked by. */
  fullBlocks(userId: string): Promise<Set<string>>;
  /** Why a moderator's mute refuses the user's lines now (naming its end), or undefined. */
  muteRefusal(userId: string): Promise<Refusal | undefined>;
  /** Is the user seated in this game, and is it still being played? */
  gameSeat(gameId: string, userId: string): Promise<{ player: boolean; live: boolean }>;
}

/**
 * A game has two rooms: the players' (chat.game.<id>) and the watchers'
 * (chat.gametv.<id>). Only the players post in theirs, so nobody can coach
 * them; while the game is on, the players neither read nor post in the
 * watchers' room, so nobody can tell them what the watchers see.
 */
async function gameRoomRefusal(
  policy: ChatPolicy,
  realm: string,
  userId: string,
  posting: boolean,
): Promise<boolean> {
  const players = /^game\.(.+)$/.exec(realm);
  if (players) return posting && !(await policy.gameSeat(players[1], userId)).player;
  const watchers = /^gametv\.(.+)$/.exec(realm);
  if (!watchers || !userId) return false;
  const seat = await policy.gameSeat(watchers[1], userId);
  return seat.player && seat.live;
}

/** A posted line on its way to every process's sockets in the channel (bytes: the socket message, base64). */
interface Delivery {
  route: ChannelRoute;
  senderId: string;
  bytes: string;
}

const isRoute = (v: unknown): v is ChannelRoute =>
  isRecord(v) &&
  ((v.kind === 'realm' && isString(v.realm)) ||
    (v.kind === 'users' && isStringArray(v.userIds) && v.userIds.length === 2));
const CHAT_DELIVERY = jsonSubject(
  'chat.deliver',
  (v): v is Delivery =>
    isRecord(v) && isRoute(v.route) && isString(v.senderId) && isString(v.bytes),
);

export class Chat {
  private readonly db: Kysely<ChatTables>;
  private readonly allowance = new Map<string, { tokens: number; at: number }>();

  constructor(
    db: Db,
    private readonly gateway: Gateway,
    private readonly bus: Bus,
    private readonly policy: ChatPolicy,
  ) {
    this.db = db.withTables<ChatTables>();
    subscribe(bus, CHAT_DELIVERY, (d) => void this.deliverLocally(d));
  }

  /**
   * Every process hands a line to its own sockets in the channel, skipping
   * anyone who blocks the sender or whom the sender blocks.
   */
  private async deliverLocally(d: Delivery): Promise<void> {
    const bytes = Buffer.from(d.bytes, 'base64');
    for (const conn of this.gateway.localConnections()) {
      const inChannel =
        d.route.kind === 'realm'
          ? conn.realms.has(d.route.realm)
          : d.route.userIds.includes(conn.user.userId);
      if (!inChannel) continue;
      if (conn.user.userId && (await this.policy.fullBlocks(conn.user.userId)).has(d.senderId))
        continue;
      conn.sendBytes(bytes);
    }
  }

  private takeAllowance(userId: string, now = Date.now()): boolean {
    const a = this.allowance.get(userId) ?? { tokens: CHAT_BURST, at: now };
    a.tokens = Math.min(CHAT_BURST, a.tokens + ((now - a.at) / 1000) * CHAT_REFILL_PER_SECOND);
    a.at = now;
    this.allowance.set(userId, a);
    if (a.tokens < 1) return false;
    a.tokens -= 1;
    return true;
  }

  /** Validates, stores (keeping the last 150 of the channel) and fans the line out. */
  async post(sender: ChatSender, channel: string, text: string): Promise<void> {
    if (!sender.userId) throw refuse('NOT_LOGGED_IN');
    const message = text.trim();
    if (!message) throw refuse('CHAT_EMPTY');
    if (message.length > CHAT_MAX_LENGTH) throw refuse('CHAT_TOO_LONG', CHAT_MAX_LENGTH);
    const route = routeChannel(channel);
    if (!route) throw refuse('CHAT_CHANNEL_INVALID', channel.slice(0, 80)).as('invalid_argument');
    if (route.kind === 'users') {
      const [a, b] = route.userIds;
      if (a >= b || (sender.userId !== a && sender.userId !== b)) {
        throw refuse('CHAT_CHANNEL_INVALID', channel.slice(0, 80));
      }
      const otherId = sender.userId === a ? b : a;
      // The sender is told plainly, without the channel's internal name.
      if ((await this.policy.fullBlocks(sender.userId)).has(otherId)) {
        throw refuse('CHAT_NOT_DELIVERED');
      }
    }
    if (
      route.kind === 'realm' &&
      (await gameRoomRefusal(this.policy, route.realm, sender.userId, true))
    ) {
      throw refuse('CHAT_CHANNEL_INVALID', channel.slice(0, 80));
    }
    const muted = await this.policy.muteRefusal(sender.userId);
    if (muted) throw muted;
    if (!this.takeAllowance(sender.userId)) throw refuse('RATE_LIMITED', 2);
    await this.record(sender, channel, route, message);
  }

  /** Stores a line (keeping the channel's last 150) and fans it out; no checks. */
  async record(
    sender: ChatSender,
    channel: string,
    route: ChannelRoute,
    message: string,
  ): Promise<void> {
    const id = randomUUID();
    const row = await this.db
      .insertInto('chat_messages')
      .values({ id, channel, sender_id: sender.userId, sender: sender.username, message })
      .returning('created_at')
      .executeTakeFirstOrThrow();
    await this.trim(channel);
    const bytes = encodeSocketMessage(MessageType.CHAT_MESSAGE, ChatMessageSchema, {
      id,
      entityType: ChatMessage_EntityType.USER_CHAT,
      sender: sender.username,
      senderId: sender.userId,
      message,
      channel,
      timestamp: BigInt(new Date(row.created_at!).getTime()),
    });
    const delivery: Delivery = {
      route,
      senderId: sender.userId,
      bytes: Buffer.from(bytes).toString('base64'),
    };
    publish(this.bus, CHAT_DELIVERY, delivery);
  }

  /**
   * Channels with recent lines that concern this user: their private chats,
   * the lobby, and a tournament's channel when asked. Newest first.
   */
  async activeChannels(userId: string, limit: number, offset: number, tournamentId: string) {
    const names = ['chat.lobby'];
    if (tournamentId && /^[A-Za-z0-9_-]{1,64}$/.test(tournamentId))
      names.push(`chat.tournament.${tournamentId}`);
    const rows = await this.db
      .selectFrom('chat_messages')
      .select(['channel', (eb) => eb.fn.max('created_at').as('last')])
      .where((eb) =>
        eb.or([
          eb('channel', 'in', names),
          eb.and([
            eb('channel', 'like', 'chat.pm.%'),
            eb('channel', 'like', `%${userId.replace(/[%_]/g, '')}%`),
          ]),
        ]),
      )
      .groupBy('channel')
      .orderBy('last', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    const out = [];
    for (const r of rows) {
      const route = routeChannel(r.channel);
      if (route?.kind === 'users' && !route.userIds.includes(userId)) continue;
      const last = await this.db
        .selectFrom('chat_messages')
        .select(['message', 'sender', 'sender_id'])
        .where('channel', '=', r.channel)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      out.push({
        channel: r.channel,
        route,
        last: new Date(r.last as Date),
        lastMessage: last?.message ?? '',
      });
    }
    return out;
  }

  /** May this user (empty for a visitor) read the channel? */
  async canRead(channel: string, userId: string): Promise<boolean> {
    const route = routeChannel(channel);
    if (!route) return false;
    if (route.kind === 'users') return route.userIds.includes(userId);
    return !(await gameRoomRefusal(this.policy, route.realm, userId, false));
  }

  /** One kept line of a channel, or undefined. */
  async line(channel: string, id: string): Promise<ChatLine | undefined> {
    return this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('channel', '=', channel)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Up to `each` lines before and after one line of a channel, with it, oldest first. */
  async around(channel: string, id: string, each: number): Promise<ChatLine[]> {
    const at = await this.db
      .selectFrom('chat_messages')
      .select('seq')
      .where('channel', '=', channel)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!at) return [];
    const before = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('channel', '=', channel)
      .where('seq', '<=', at.seq)
      .orderBy('seq', 'desc')
      .limit(each + 1)
      .execute();
    const after = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('channel', '=', channel)
      .where('seq', '>', at.seq)
      .orderBy('seq', 'asc')
      .limit(each)
      .execute();
    return [...before.reverse(), ...after];
  }

  /**
   * Deletes a line from the channel's history and tells every socket in the
   * channel, on every process, to drop it (CHAT_MESSAGE_DELETED). Returns the
   * deleted line, or undefined when it was no longer there.
   */
  async remove(channel: string, id: string): Promise<ChatLine | undefined> {
    const route = routeChannel(channel);
    if (!route) return undefined;
    const gone = await this.db
      .deleteFrom('chat_messages')
      .where('channel', '=', channel)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!gone) return undefined;
    const bytes = encodeSocketMessage(MessageType.CHAT_MESSAGE_DELETED, ChatMessageDeletedSchema, {
      channel,
      id,
    });
    // No sender: nobody's blocks hold the removal back.
    publish(this.bus, CHAT_DELIVERY, {
      route,
      senderId: '',
      bytes: Buffer.from(bytes).toString('base64'),
    });
    return gone;
  }

  /** The channel's kept lines, oldest first. */
  async history(channel: string): Promise<ChatLine[]> {
    const rows = await this.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('channel', '=', channel)
      .orderBy('seq', 'desc')
      .limit(CHAT_HISTORY)
      .execute();
    return rows.reverse();
  }

  private async trim(channel: string): Promise<void> {
    await this.db
      .deleteFrom('chat_messages')
      .where('channel', '=', channel)
      .where(
        'id',
        'not in',
        this.db
          .selectFrom('chat_messages')
          .select('id')
          .where('channel', '=', channel)
          .orderBy('seq', 'desc')
          .limit(CHAT_HISTORY),
      )
      .execute();
  }
}
