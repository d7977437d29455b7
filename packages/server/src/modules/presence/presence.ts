import { sql, type Kysely, type QueryCreator } from 'kysely';
import {
  ChatMessage_EntityType,
  ChatMessageSchema,
  encodeListInParts,
  encodeSocketMessage,
  joinFrames,
  MessageType,
  PresenceEntrySchema,
  PresenceListSchema,
} from '@tessera/protocol';
import type { Logger } from 'pino';
import { NAMED_PRESENCE_MAX } from '../../config.ts';
import type { Connection } from '../../socket/connection.ts';
import type { Gateway } from '../../socket/gateway.ts';
import type { Db } from '../../storage/database.ts';
import type { Migration } from '../../storage/migrate.ts';

/**
 * Who is where (docs/product/gameplay.md §2 side panel, §4 presence notices). Each
 * process writes a row per socket and realm it holds; the rows of a process
 * that died go when the liveness module declares it gone (process.gone,
 * within seconds). Rows are not refreshed: refreshing every socket's row on
 * a heartbeat held PGlite for about 250 ms every 20 s at 28,000 rows.
 * Anonymous sockets are counted, never named.
 */
export const presenceMigrations: Migration[] = [
  {
    name: '0001_presence',
    async up(db) {
      await sql`CREATE TABLE presence (
        conn_id text NOT NULL,
        realm text NOT NULL,
        user_id text NOT NULL,
        username text NOT NULL,
        process_id text NOT NULL,
        seen_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (conn_id, realm)
      )`.execute(db);
      await sql`CREATE INDEX presence_realm ON presence(realm, seen_at)`.execute(db);
      await sql`CREATE INDEX presence_user ON presence(user_id, seen_at)`.execute(db);
    },
  },
  {
    // A dead process's rows are deleted by process id (processGone).
    name: '0002_presence_by_process',
    async up(db) {
      await sql`CREATE INDEX presence_process ON presence(process_id)`.execute(db);
    },
  },
];

type PresenceTables = {
  presence: {
    conn_id: string;
    realm: string;
    user_id: string;
    username: string;
    process_id: string;
    seen_at?: Date;
  };
};

/** Lists of realms sent to arriving sockets are read from storage at most this often. */
export const LIST_REFRESH_MS = 1000;
/** Arrivals and departures in a realm are sent out together, in one frame, this often. */
export const ANNOUNCE_BATCH_MS = 50;
/** Anonymous visitors' comings and goings (and everyone's in a crowded realm) are summed and sent this often. */
export const VISITOR_BATCH_MS = 500;
/** A realm of n sockets is sent announcements at most every n × this (ms). */
export const COUNT_MS_PER_SOCKET = 0.1;
export const OPPONENT_LEFT = 'Opponent is no longer in this room.';
export const OPPONENT_BACK = 'Opponent has returned to this room.';

/**
 * The other room of the same game: players hear who watches (OBSERVERS) and
 * observers who plays (PLAYERS), docs/product/gameplay.md §2 "Side panel tabs".
 * Only presence crosses over; chat and game views stay in their own realm.
 */
export function companionRealm(realm: string): string | undefined {
  const m = /^(game|gametv)\.(.+)$/.exec(realm);
  if (!m) return undefined;
  return `${m[1] === 'game' ? 'gametv' : 'game'}.${m[2]}`;
}

export class Presence {
  private readonly db: Kysely<PresenceTables>;
  private queue: Promise<void> = Promise.resolve();
  /**
   * Each realm's list as last read, kept in step with this process's own
   * arrivals and departures: with thousands of sockets in the lobby, reading
   * the whole realm for every arrival made connecting quadratic. Other
   * processes' changes show after at most LIST_REFRESH_MS.
   */
  private readonly lists = new Map<string, RealmList>();
  /** Arrivals less departures waiting for the next count, per realm: visitors, and named users of crowded realms. */
  private visitors = new Map<string, { anonymous: number; named: number }>();
  private visitorTimer: NodeJS.Timeout | undefined;
  /** When each big realm was last sent its announcements (flush). */
  private readonly countedAt = new Map<string, number>();
  /** Announcements waiting for the next batch, per realm. */
  private announcements = new Map<string, Uint8Array[]>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    db: Db,
    private readonly gateway: Gateway,
    private readonly log: Logger,
    private readonly processId: string,
    private readonly namedMax = NAMED_PRESENCE_MAX,
  ) {
    this.db = db.withTables<PresenceTables>();
    // Changes are applied in order, so a quick leave-then-enter cannot be reordered.
    gateway.onRealm((conn, realm, entered) => {
      this.queue = this.queue
        .then(() => (entered ? this.entered(conn, realm) : this.left(conn, realm)))
        .catch((err) => this.log.warn({ err }, 'presence update failed'));
    });
  }

  async stop(): Promise<void> {
    await this.queue;
    this.flushVisitors();
    this.flush(true);
    await this.db.deleteFrom('presence').where('process_id', '=', this.processId).execute();
  }

  /** Of these users, who has a socket open anywhere. */
  async online(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('presence')
      .select('user_id')
      .distinct()
      .where('user_id', 'in', userIds)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  private async count(realm: string, userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('presence')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('realm', '=', realm)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /**
   * Stores the arrival and, for a signed-in user, counts their sockets
   * already in the realm in the same statement (its SELECT sees the table as
   * it was before the INSERT): one statement an arrival, not two.
   */
  private async entered(conn: Connection, realm: string): Promise<void> {
    const u = conn.user;
    const store = (db: QueryCreator<PresenceTables>) =>
      db
        .insertInto('presence')
        .values({
          conn_id: conn.id,
          realm,
          user_id: u.userId,
          username: u.username,
          process_id: this.processId,
        })
        .onConflict((oc) => oc.columns(['conn_id', 'realm']).doUpdateSet({ seen_at: new Date() }));
    let before = 0;
    if (!u.userId) {
      await store(this.db).execute();
    } else {
      const r = await this.db
        .with('stored', store)
        .selectFrom('presence')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('realm', '=', realm)
        .where('user_id', '=', u.userId)
        .executeTakeFirst();
      before = Number(r?.n ?? 0);
    }
    this.sendList(conn, realm, await this.listFor(realm, u.userId, u.username, 1));
    const other = companionRealm(realm);
    if (other) this.sendList(conn, other, await this.listFor(other, '', '', 0));
    if (!u.userId) this.announce(realm, '', '', false);
    else if (before === 0) this.announce(realm, u.userId, u.username, false);
  }

  /** The departure, and whether the user keeps another socket in the realm, in one statement. */
  private async left(conn: Connection, realm: string): Promise<void> {
    const u = conn.user;
    const remove = (db: QueryCreator<PresenceTables>) =>
      db.deleteFrom('presence').where('conn_id', '=', conn.id).where('realm', '=', realm);
    let others = 0;
    if (!u.userId) {
      await remove(this.db).execute();
    } else {
      const r = await this.db
        .with('removed', remove)
        .selectFrom('presence')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('realm', '=', realm)
        .where('user_id', '=', u.userId)
        // The SELECT sees the row being deleted: it is not another socket.
        .where('conn_id', '!=', conn.id)
        .executeTakeFirst();
      others = Number(r?.n ?? 0);
    }
    const kept = this.lists.get(realm);
    this.adjust(kept, u.userId, u.username, -1);
    if (kept && kept.named.size === 0 && kept.anonymous === 0) this.lists.delete(realm);
    if (!u.userId) return this.announce(realm, '', '', true);
    if (others === 0) this.announce(realm, u.userId, u.username, true);
  }

  /**
   * A process died with sockets in realms: its rows go, and each realm hears
   * of the departures as if those sockets had left (the game rooms' notices
   * included), where no other socket of the same user stays.
   */
  async processGone(processId: string): Promise<void> {
    const gone = await this.db
      .deleteFrom('presence')
      .where('process_id', '=', processId)
      .returning(['realm', 'user_id', 'username'])
      .execute();
    const seen = new Set<string>();
    for (const row of gone) {
      this.lists.delete(row.realm);
      if (!row.user_id) {
        this.announce(row.realm, '', '', true);
        continue;
      }
      const key = `${row.realm}\u0000${row.user_id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if ((await this.count(row.realm, row.user_id)) === 0)
        this.announce(row.realm, row.user_id, row.username, true);
    }
  }

  private sendList(
    conn: Connection,
    realm: string,
    { named, namedCount, anonymous }: Listed,
  ): void {
    conn.sendBytes(
      encodeListInParts(
        MessageType.PRESENCE_LIST,
        PresenceListSchema,
        {
          channel: realm,
          anonymousCount: anonymous,
          namedCount,
          entries: named.map(([userId, username]) => ({ userId, username, channel: realm })),
        },
        'entries',
      ),
    );
  }

  /** Everyone in the realm hears of an arrival or departure; game rooms also get the spec's notices. */
  private announce(realm: string, userId: string, username: string, deleting: boolean): void {
    const delta = deleting ? -1 : 1;
    if (!userId) return this.countVisitor(realm, delta, 0);
    if (this.crowded(realm)) this.countVisitor(realm, 0, delta);
    else this.announceNamed(realm, userId, username, deleting);
    const game = /^game\.(.+)$/.exec(realm);
    if (game) {
      this.queueAnnouncement(
        realm,
        encodeSocketMessage(MessageType.CHAT_MESSAGE, ChatMessageSchema, {
          entityType: ChatMessage_EntityType.SERVER_MESSAGE,
          message: deleting ? OPPONENT_LEFT : OPPONENT_BACK,
          channel: `chat.game.${game[1]}`,
          senderId: userId,
          timestamp: BigInt(Date.now()),
        }),
      );
    }
  }

  /** More signed-in users in the realm than are named to each other (as this process last counted). */
  private crowded(realm: string): boolean {
    return (this.lists.get(realm)?.named.size ?? 0) > this.namedMax;
  }

  private announceNamed(realm: string, userId: string, username: string, deleting: boolean) {
    const entry = encodeSocketMessage(MessageType.PRESENCE_ENTRY, PresenceEntrySchema, {
      userId,
      username,
      channel: realm,
      isAnonymous: false,
      deleting,
    });
    this.queueAnnouncement(realm, entry);
    const other = companionRealm(realm);
    if (other) this.queueAnnouncement(other, entry);
  }

  /**
   * Anonymous visitors, and signed-in users of a crowded realm, are told as
   * one net count per realm per VISITOR_BATCH_MS: announcing each one to
   * everyone made filling a lobby of n sockets cost n² messages.
   */
  private countVisitor(realm: string, anonymous: number, named: number): void {
    const counts = this.visitors.get(realm) ?? { anonymous: 0, named: 0 };
    counts.anonymous += anonymous;
    counts.named += named;
    this.visitors.set(realm, counts);
    this.visitorTimer ??= setTimeout(() => this.flushVisitors(), VISITOR_BATCH_MS);
  }

  private flushVisitors(): void {
    clearTimeout(this.visitorTimer);
    this.visitorTimer = undefined;
    const counts = this.visitors;
    this.visitors = new Map();
    for (const [realm, { anonymous, named }] of counts) {
      if (anonymous === 0 && named === 0) continue;
      const entry = encodeSocketMessage(MessageType.PRESENCE_ENTRY, PresenceEntrySchema, {
        channel: realm,
        // Older clients read a count only from an anonymous entry.
        isAnonymous: named === 0,
        deleting: anonymous + named < 0,
        anonymousDelta: anonymous,
        namedDelta: named,
      });
      this.queueAnnouncement(realm, entry);
      const other = companionRealm(realm);
      if (other) this.queueAnnouncement(other, entry);
    }
  }

  private queueAnnouncement(realm: string, bytes: Uint8Array): void {
    const waiting = this.announcements.get(realm);
    if (waiting) waiting.push(bytes);
    else this.announcements.set(realm, [bytes]);
    this.flushTimer ??= setTimeout(() => this.flush(), ANNOUNCE_BATCH_MS);
  }

  /**
   * Sends the announcements due. A frame to a realm is a write to each of
   * its sockets, so a big realm is sent at most every COUNT_MS_PER_SOCKET
   * per socket (2 s for 20,000: ten times a second cost a fifth of the
   * server's thread), its frames kept in order meanwhile; `all` sends
   * everything (on stopping).
   */
  private flush(all = false): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batches = this.announcements;
    this.announcements = new Map();
    const now = Date.now();
    for (const [realm, frames] of batches) {
      const every = this.gateway.realmSize(realm) * COUNT_MS_PER_SOCKET;
      if (every > ANNOUNCE_BATCH_MS) {
        if (!all && now - (this.countedAt.get(realm) ?? 0) < every) {
          this.announcements.set(realm, frames);
          continue;
        }
        this.countedAt.set(realm, now);
      }
      this.gateway.toRealm(realm, frames.length === 1 ? frames[0] : joinFrames(frames));
    }
    if (this.announcements.size > 0)
      this.flushTimer = setTimeout(() => this.flush(), ANNOUNCE_BATCH_MS);
  }

  /**
   * The realm's list including an arrival just stored (`delta` 1): every
   * named user, or in a crowded realm the first `namedMax` (the arrival
   * among them) and the count.
   */
  private async listFor(
    realm: string,
    userId: string,
    username: string,
    delta: number,
  ): Promise<Listed> {
    const kept = this.lists.get(realm);
    if (kept && Date.now() - kept.at < LIST_REFRESH_MS) {
      this.adjust(kept, userId, username, delta);
    } else {
      const rows = await this.db
        .selectFrom('presence')
        .select(['user_id', 'username'])
        .where('realm', '=', realm)
        .execute();
      const list: RealmList = { at: Date.now(), named: new Map(), anonymous: 0 };
      for (const r of rows) this.adjust(list, r.user_id, r.username, 1);
      this.lists.set(realm, list);
    }
    const list = this.lists.get(realm)!;
    if (list.named.size === 0 && list.anonymous === 0) this.lists.delete(realm);
    const named: [string, string][] = userId ? [[userId, username]] : [];
    for (const [id, e] of list.named) {
      if (named.length >= this.namedMax) break;
      if (id !== userId) named.push([id, e.username]);
    }
    return { named, namedCount: list.named.size, anonymous: list.anonymous };
  }

  private adjust(list: RealmList | undefined, userId: string, username: string, delta: number) {
    if (!list) return;
    if (!userId) {
      list.anonymous = Math.max(0, list.anonymous + delta);
      return;
    }
    const e = list.named.get(userId);
    const sockets = (e?.sockets ?? 0) + delta;
    if (sockets > 0) list.named.set(userId, { username, sockets });
    else list.named.delete(userId);
  }
}

/** What an arriving socket is told: named users (all, or a sample), how many there are, and visitors. */
interface Listed {
  named: [userId: string, username: string][];
  namedCount: number;
  anonymous: number;
}

interface RealmList {
  at: number;
  /** Named users and how many of their sockets are in the realm. */
  named: Map<string, { username: string; sockets: number }>;
  anonymous: number;
}
