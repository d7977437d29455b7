import { randomBytes } from 'node:crypto';
import { type ChallengeRule, resolveRules, type Variant } from '@tessera/engine';
import { USER_BOTS } from '@tessera/engine/ai';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  encodeSocketMessage,
  type ErrorKey,
  MessageType,
  ratingKey,
  SeekDeclinedSchema,
  type SeekRequest,
  type SeekRequestSchema,
  SeekState,
  SoughtGameRemovedSchema,
  NewGameEventSchema,
  RematchStartedSchema,
  timeClass,
  refuse,
  Refusal,
} from '@tessera/protocol';
import type { Kysely } from 'kysely';
import { publish } from '../../bus/subjects.ts';
import type { Connection } from '../../socket/connection.ts';
import { jsonColumn } from '../../storage/json-column.ts';
import {
  type GameApi,
  type GameRow,
  observersRealm,
  playersRealm,
  requestView,
} from '../game/index.ts';
import type { Accounts } from '../auth/index.ts';
import type { ModuleContext } from '../module.ts';
import { ESTABLISHED_DEVIATION, type RatingApi } from '../rating/index.ts';
import type { SocialApi } from '../social/index.ts';
import type { LobbyTables, SeekRow } from './migrations.ts';
import { SEEK_NEW, SEEK_REMOVED } from './subjects.ts';
import { validateGameRequest, validateRange } from './validate.ts';

export interface BotSeats {
  /**
   * The bot's user id for a user-facing bot name, or the catalogue error that
   * says why the user cannot play it. Call it last: a seat at the top bot
   * counts against a member's monthly allowance.
   */
  seat(
    botType: string,
    user: { userId: string; perms: string[] },
  ): Promise<
    { userId: string; nickname: string } | { refused: ErrorKey; params: (string | number)[] }
  >;
}

export const LOBBY_REALM = 'lobby';
const SEEK_LIMIT_PER_USER = 5;

/**
 * Seeks, match requests and rematches (docs/product/gameplay.md §5 "Seek
 * visibility"). Seeks are rows, so every process sees them; a real-time seek
 * lives as long as the connection that made it.
 */
export class Lobby {
  private readonly db: Kysely<LobbyTables>;

  constructor(
    private readonly ctx: ModuleContext & { accounts: Accounts },
    private readonly games: GameApi,
    private readonly ratings: RatingApi,
    private readonly social: SocialApi,
    private readonly bots: BotSeats,
    private readonly lexiconName: (name: string) => string | undefined,
    /** A club's id (given its id or slug), or undefined: a club match request names its club. */
    private readonly clubId: (idOrSlug: string) => Promise<string | undefined> = async () =>
      undefined,
  ) {
    this.db = ctx.db.withTables<LobbyTables>();
  }

  /** Is the user connected on some process? (SeekerOnline asks them all; set by the module.) */
  seekerOnline: (userId: string) => Promise<boolean> = async () => true;

  /** Why a moderator's suspension refuses the user a new game (rated or not), or undefined. */
  gamesRefusal: (userId: string, rated: boolean) => Promise<Refusal | undefined> = async () =>
    undefined;

  private async requireMayPlay(userId: string, rated: boolean): Promise<void> {
    const refusal = await this.gamesRefusal(userId, rated);
    if (refusal) throw refusal;
  }

  private async club(idOrSlug: string): Promise<string> {
    const id = await this.clubId(idOrSlug.slice(0, 120));
    if (!id) throw refuse('SEEK_INVALID', 'unknown club');
    return id;
  }

  /** A new seek, match request, rematch or bot game from a socket. */
  async seek(conn: Connection, s: SeekRequest, direct: boolean): Promise<SeekRow | GameRow> {
    const user = conn.user;
    if (!user.userId) throw refuse('NOT_LOGGED_IN');
    const v = validateGameRequest(s.gameRequest, this.lexiconName);
    if (typeof v === 'string') throw refuse('SEEK_INVALID', v);
    const r = v.request;
    const key = ratingKey(
      r.lexicon,
      r.variant,
      timeClass(r.initialTimeSeconds, r.maxOvertimeMinutes, r.incrementSeconds, r.correspondence),
    );
    await this.requireMayPlay(user.userId, r.rated && !s.gameRequest?.playerVsBot);
    if (s.gameRequest?.playerVsBot) return this.botGame(conn, r, key);

    let receiver = { id: '', name: '' };
    let rematchFor = '';
    if (s.rematchFor) {
      const old = await this.games.row(s.rematchFor.slice(0, 64));
      const me = old ? this.games.playerIndex(old, user.userId) : -1;
      if (!old || me < 0 || !old.ended_at)
        throw refuse('SEEK_INVALID', 'no finished game of yours to rematch');
      const otherId = me === 0 ? old.player1_id : old.player0_id;
      receiver = {
        id: otherId,
        name: (await this.ctx.accounts.usernames([otherId])).get(otherId) ?? '',
      };
      rematchFor = old.id;
      r.originalRequestId = old.original_request_id;
    } else if (direct || s.receiverIsPermanent) {
      const name = s.receivingUser?.displayName ?? '';
      const found = name ? await this.ctx.accounts.findByUsername(name) : undefined;
      if (!found) throw refuse('USER_UNKNOWN');
      if (found.id === user.userId) throw refuse('SEEK_INVALID', 'you cannot match yourself');
      receiver = { id: found.id, name: found.username };
    } else {
      const bad = validateRange(s);
      if (bad) throw refuse('SEEK_INVALID', bad);
    }
    if (receiver.id && (await this.social.eitherBlocks(user.userId, receiver.id))) {
      throw refuse('SEEK_NOT_ALLOWED', 'one of you has blocked the other');
    }
    const open = await this.db
      .selectFrom('seeks')
      .select('id')
      .where('seeker_id', '=', user.userId)
      .execute();
    if (open.length >= SEEK_LIMIT_PER_USER)
      throw refuse('SEEK_INVALID', 'too many open requests').as('resource_exhausted');
    const mine = await this.ratings.get(user.userId, key);
    const row: SeekRow = {
      id: randomBytes(9).toString('base64url'),
      seeker_id: user.userId,
      seeker_name: user.username,
      seeker_conn: r.correspondence ? '' : conn.id,
      process_id: r.correspondence ? '' : this.ctx.processId,
      request: { ...r },
      rating_key: key,
      seeker_rating: mine.rating,
      seeker_established: mine.established,
      min_range: receiver.id ? 0 : s.minimumRatingRange,
      max_range: receiver.id ? 0 : s.maximumRatingRange,
      require_established: !receiver.id && s.requireEstablishedRating,
      only_followed: !receiver.id && s.onlyFollowedPlayers,
      receiver_id: receiver.id,
      receiver_name: receiver.name,
      rematch_for: rematchFor,
      tournament_id: s.tournamentId ? await this.club(s.tournamentId) : '',
    };
    row.request.requestId = row.id;
    await this.db
      .insertInto('seeks')
      .values({ ...row, request: jsonColumn(row.request) })
      .execute();
    publish(this.ctx.bus, SEEK_NEW, row.id);
    return row;
  }

  /** Can this user see (and so accept) this seek? */
  async visible(seek: SeekRow, userId: string): Promise<boolean> {
    if (seek.seeker_id === userId) return true;
    if (seek.receiver_id) return seek.receiver_id === userId;
    if (!userId) return false;
    if (await this.social.eitherBlocks(seek.seeker_id, userId)) return false;
    if (seek.only_followed && !(await this.social.isFollowing(seek.seeker_id, userId)))
      return false;
    const mine = await this.ratings.get(userId, seek.rating_key);
    if (seek.require_established && mine.deviation > ESTABLISHED_DEVIATION) return false;
    return (
      mine.rating >= seek.seeker_rating + seek.min_range &&
      mine.rating <= seek.seeker_rating + seek.max_range
    );
  }

  async seeksFor(userId: string): Promise<SeekRow[]> {
    const rows = await this.db.selectFrom('seeks').selectAll().orderBy('created_at').execute();
    const out: SeekRow[] = [];
    for (const r of rows) if (await this.visible(r, userId)) out.push(r);
    return out;
  }

  async byId(id: string): Promise<SeekRow | undefined> {
    return this.db
      .selectFrom('seeks')
      .selectAll()
      .where('id', '=', id.slice(0, 64))
      .executeTakeFirst();
  }

  /**
   * Accepting a seek starts the game; processing one's own seek cancels it.
   * Deleting the seek row claims it, so two people accepting at once cannot
   * both get a game.
   */
  async accept(conn: Connection, requestId: string): Promise<GameRow | undefined> {
    const user = conn.user;
    if (!user.userId) throw refuse('NOT_LOGGED_IN');
    // Checks first, on their own connection: with PGlite there is only one,
    // and the transaction below holds it.
    const found = await this.byId(requestId);
    if (!found) throw refuse('SEEK_NOT_FOUND');
    if (found.seeker_id !== user.userId) {
      if (!(await this.visible(found, user.userId))) {
        throw refuse('SEEK_NOT_ALLOWED', 'it is not open to you');
      }
      if (!found.request.correspondence && (await this.games.inRealTimeGame(user.userId))) {
        throw refuse('ALREADY_IN_GAME');
      }
      // Both players, before the seek is claimed: a refused game keeps the seek listed.
      await this.requireMayPlay(user.userId, found.request.rated);
      await this.requireMayPlay(found.seeker_id, found.request.rated);
    }
    // A real-time seek needs its seeker connected somewhere: a killed process's
    // seeks are listed until the others notice it is gone (issue 37).
    if (
      found.seeker_id !== user.userId &&
      !found.request.correspondence &&
      !(await this.seekerOnline(found.seeker_id))
    ) {
      const gone = await this.db
        .deleteFrom('seeks')
        .where('id', '=', found.id)
        .returningAll()
        .executeTakeFirst();
      if (gone) this.removed(gone);
      throw refuse('SEEK_SEEKER_GONE');
    }
    // Deleting the row is the claim: of two people accepting at once, one deletes it.
    const claimed = await this.db
      .deleteFrom('seeks')
      .where('id', '=', found.id)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) throw refuse('SEEK_NOT_FOUND');
    const seek = claimed;
    this.removed(seek);
    if (seek.seeker_id === user.userId) return undefined;
    const seats: [
      { userId: string; nickname: string; isBot: boolean },
      { userId: string; nickname: string; isBot: boolean },
    ] = [
      { userId: seek.seeker_id, nickname: seek.seeker_name, isBot: false },
      { userId: user.userId, nickname: user.username, isBot: false },
    ];
    const game = await this.games.create({
      request: seek.request,
      seats,
      ratingKey: seek.rating_key,
      // A club game is listed with its club (no division or round).
      ...(seek.tournament_id
        ? { tournament: { id: seek.tournament_id, division: '', round: -1, gameIndex: 0 } }
        : {}),
    });
    const started = encodeSocketMessage(MessageType.NEW_GAME_EVENT, NewGameEventSchema, {
      gameId: game.id,
      requesterCid: seek.seeker_conn,
      accepterCid: conn.id,
    });
    this.ctx.gateway.toUser(seek.seeker_id, started);
    this.ctx.gateway.toUser(user.userId, started);
    if (seek.rematch_for) {
      const rematch = encodeSocketMessage(MessageType.REMATCH_STARTED, RematchStartedSchema, {
        rematchGameId: game.id,
      });
      this.ctx.gateway.toRealm(observersRealm(seek.rematch_for), rematch);
      this.ctx.gateway.toRealm(playersRealm(seek.rematch_for), rematch);
    }
    return game;
  }

  async decline(conn: Connection, requestId: string): Promise<void> {
    const s = await this.byId(requestId);
    if (!s || s.receiver_id !== conn.user.userId || !conn.user.userId)
      throw refuse('SEEK_NOT_FOUND');
    await this.db.deleteFrom('seeks').where('id', '=', s.id).execute();
    this.removed(s);
    this.ctx.gateway.toUser(
      s.seeker_id,
      encodeSocketMessage(MessageType.SEEK_DECLINED, SeekDeclinedSchema, {
        requestId: s.id,
        byUsername: conn.user.username,
      }),
    );
  }

  /** Real-time seeks die with their connection. */
  async connectionClosed(conn: Connection): Promise<void> {
    const gone = await this.db
      .deleteFrom('seeks')
      .where('seeker_conn', '=', conn.id)
      .returning(['id', 'seeker_id', 'receiver_id'])
      .execute();
    for (const g of gone) this.removed(g);
  }

  /** The seeks of a process that died go with it, as they would with its sockets. */
  async processGone(processId: string): Promise<void> {
    if (!processId) return;
    const gone = await this.db
      .deleteFrom('seeks')
      .where('process_id', '=', processId)
      .returning(['id', 'seeker_id', 'receiver_id'])
      .execute();
    for (const g of gone) this.removed(g);
  }

  /**
   * Everyone who may have seen the seek hears it is gone: the lobby for an
   * open seek, only its two users for a match request (telling the whole
   * lobby about every match request was most of what idle lobby sockets
   * received under load).
   */
  private removed(seek: Pick<SeekRow, 'id' | 'seeker_id' | 'receiver_id'>): void {
    const bytes = encodeSocketMessage(MessageType.SOUGHT_GAME_REMOVED, SoughtGameRemovedSchema, {
      requestId: seek.id,
    });
    if (seek.receiver_id) {
      this.ctx.gateway.toUser(seek.seeker_id, bytes);
      this.ctx.gateway.toUser(seek.receiver_id, bytes);
    } else {
      this.ctx.gateway.toRealm(LOBBY_REALM, bytes);
    }
    publish(this.ctx.bus, SEEK_REMOVED, seek.id);
  }

  private async botGame(conn: Connection, r: SeekRow['request'], key: string): Promise<GameRow> {
    if (!r.correspondence && (await this.games.inRealTimeGame(conn.user.userId)))
      throw refuse('ALREADY_IN_GAME');
    const seat = await this.bots.seat(r.botType, conn.user);
    if ('refused' in seat) {
      throw new Refusal(seat.refused, seat.params);
    }
    // Games against bots are casual; BeginnerBot plays only under the void rule.
    r.rated = false;
    if (USER_BOTS.find((b) => b.name === r.botType)?.voidOnly) r.challengeRule = 'VOID';
    const game = await this.games.create({
      request: { ...r, requestId: randomBytes(9).toString('base64url') },
      seats: [
        { userId: conn.user.userId, nickname: conn.user.username, isBot: false },
        { userId: seat.userId, nickname: seat.nickname, isBot: true },
      ],
      ratingKey: key,
    });
    this.ctx.gateway.toUser(
      conn.user.userId,
      encodeSocketMessage(MessageType.NEW_GAME_EVENT, NewGameEventSchema, {
        gameId: game.id,
        requesterCid: conn.id,
      }),
    );
    return game;
  }

  /** A seek as the lists show it. */
  static view(s: SeekRow): MessageInitShape<typeof SeekRequestSchema> {
    return {
      gameRequest: requestView(s.request, {
        rules: resolveRules({
          variant: s.request.variant as Variant,
          challengeRule: s.request.challengeRule as ChallengeRule,
          lexicon: s.request.lexicon,
        }),
      }),
      user: {
        userId: s.seeker_id,
        displayName: s.seeker_name,
        // "1500?" while the rating is not yet established.
        relevantRating: `${Math.round(s.seeker_rating)}${s.seeker_established ? '' : '?'}`,
      },
      minimumRatingRange: s.min_range,
      maximumRatingRange: s.max_range,
      seekerConnectionId: s.seeker_conn,
      receivingUser: s.receiver_id
        ? { userId: s.receiver_id, displayName: s.receiver_name }
        : undefined,
      userState: SeekState.READY,
      receiverState: SeekState.ABSENT,
      rematchFor: s.rematch_for,
      tournamentId: s.tournament_id,
      receiverIsPermanent: !!s.receiver_id,
      ratingKey: s.rating_key,
      requireEstablishedRating: s.require_established,
      onlyFollowedPlayers: s.only_followed,
    };
  }
}
