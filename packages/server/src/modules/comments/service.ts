import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import {
  encodeSocketMessage,
  GameCommentService,
  GameCommentsChangedSchema,
  MessageType,
  refuse,
} from '@tessera/protocol';
import type { Account, Accounts, SessionResolver } from '../auth/index.ts';
import type { AnnotatedGames, CollectionsApi } from '../collections/index.ts';
import { pageOf } from '../collections/index.ts';
import { observersRealm, playersRealm, type GameApi, type GameRow } from '../game/index.ts';
import type { ModerationApi } from '../moderation/index.ts';
import type { Roles } from '../roles/index.ts';
import type { Gateway } from '../../socket/gateway.ts';
import { annotatedRealm } from './realm.ts';
import type { CommentRow, Comments } from './store.ts';

/** At most this many characters in a comment. */
export const COMMENT_MAX = 2000;
/** The feeds' pages (docs/product/community.md §9: recent comments and collection comments, 10). */
export const FEED_PAGE = 10;
const FEED_MAX = 50;
/** Event numbers of an annotated game (whose length this module does not know) stay below this. */
const ANNOTATED_EVENTS_MAX = 10_000;

export interface CommentDeps {
  sessions: SessionResolver;
  accounts: Pick<Accounts, 'usernames'>;
  roles: Pick<Roles, 'permsOf'>;
  moderation: Pick<ModerationApi, 'muteRefusal'>;
  games: Pick<GameApi, 'row' | 'cardsFor' | 'playerIndex'>;
  annotated: AnnotatedGames;
  collections: CollectionsApi;
  gateway: Pick<Gateway, 'toRealm'>;
  store: Comments;
}

function textOf(raw: string): string {
  const t = raw.trim();
  if (!t) throw refuse('COMMENT_EMPTY');
  if (t.length > COMMENT_MAX) throw refuse('COMMENT_TOO_LONG', COMMENT_MAX);
  return t;
}

/** GameCommentService: comments on one event of a game, live to its viewers. */
export function commentRoutes(router: ConnectRouter, d: CommentDeps): void {
  const author = async (ctx: HandlerContext): Promise<Account> => {
    const user = await d.sessions.currentUser(ctx);
    if (!user) throw refuse('COMMENT_LOGIN_REQUIRED');
    return user;
  };
  /**
   * The game a comment is about, if the viewer may read its comments: a game
   * played here, or an annotated game (private ones only for their creator).
   */
  const gameFor = async (gameId: string, viewerId: string | undefined) => {
    const summary = gameId ? await d.annotated.summary(gameId) : undefined;
    if (summary) {
      if (!summary.public && summary.creatorId !== viewerId) throw refuse('COMMENT_GAME_PRIVATE');
      return { annotated: true as const, summary };
    }
    const row = gameId ? await d.games.row(gameId) : undefined;
    if (!row) throw refuse('COMMENT_GAME_UNKNOWN', gameId);
    return { annotated: false as const, row };
  };
  /**
   * A game being played keeps its comments from its two players until it
   * ends (decision 0138): a watcher's comment must not coach them.
   */
  const keptFrom = (row: GameRow, userId: string | undefined) =>
    !row.ended_at && !!userId && d.games.playerIndex(row, userId) >= 0;
  const tell = async (gameId: string, eventNumber: number) => {
    const bytes = encodeSocketMessage(
      MessageType.GAME_COMMENTS_CHANGED,
      GameCommentsChangedSchema,
      {
        gameId,
        eventNumber,
      },
    );
    const row = await d.games.row(gameId);
    if (!row || row.ended_at) d.gateway.toRealm(playersRealm(gameId), bytes);
    d.gateway.toRealm(observersRealm(gameId), bytes);
    d.gateway.toRealm(annotatedRealm(gameId), bytes);
  };
  /** Comments with their authors' names and, for the feeds, their games' players. */
  const out = async (rows: CommentRow[], withPlayers: boolean) => {
    const names = await d.accounts.usernames([...new Set(rows.map((r) => r.user_id))]);
    const players = new Map<string, string[]>();
    if (withPlayers) {
      const ids = [...new Set(rows.map((r) => r.game_id))];
      const summaries = await Promise.all(ids.map((id) => d.annotated.summary(id)));
      summaries.forEach((s, i) => s && players.set(ids[i], [s.title]));
      const played = (
        await Promise.all(ids.filter((id) => !players.has(id)).map((id) => d.games.row(id)))
      ).filter((r) => r !== undefined);
      // One call for the players of every game on the page.
      const cards = await d.games.cardsFor(played);
      played.forEach((r, i) =>
        players.set(
          r.id,
          cards[i].map((c) => c.nickname),
        ),
      );
    }
    return rows.map((r) => ({
      commentId: r.id,
      gameId: r.game_id,
      userId: r.user_id,
      username: names.get(r.user_id) ?? '',
      eventNumber: r.event_number,
      comment: r.comment,
      lastEdited: BigInt((r.edited_at ?? r.created_at).getTime()),
      gamePlayers: players.get(r.game_id) ?? [],
      edited: !!r.edited_at,
    }));
  };
  /**
   * Drops comments the viewer may not read (the feeds): on private annotated
   * games of others, and on a game the viewer is playing now.
   */
  const readable = async (rows: CommentRow[], viewerId: string | undefined) => {
    const ids = [...new Set(rows.map((r) => r.game_id))];
    const summaries = await Promise.all(ids.map((id) => d.annotated.summary(id)));
    const played = await Promise.all(
      ids.map((id, i) => (summaries[i] ? undefined : d.games.row(id))),
    );
    const ok = new Map(
      ids.map((id, i) => {
        const s = summaries[i];
        const row = played[i];
        if (s) return [id, s.public || s.creatorId === viewerId] as const;
        return [id, !row || !keptFrom(row, viewerId)] as const;
      }),
    );
    return rows.filter((r) => ok.get(r.game_id));
  };

  router.service(GameCommentService, {
    async addGameComment(req, ctx) {
      const user = await author(ctx);
      if (await d.moderation.muteRefusal(user.id)) throw refuse('COMMENT_MUTED');
      const game = await gameFor(req.gameId, user.id);
      const events = game.annotated ? ANNOTATED_EVENTS_MAX : game.row.event_count;
      if (!game.annotated && keptFrom(game.row, user.id)) throw refuse('COMMENT_GAME_IN_PROGRESS');
      if (req.eventNumber < 0 || req.eventNumber >= events)
        throw refuse('COMMENT_EVENT_OUT_OF_RANGE', req.eventNumber);
      const id = await d.store.add(req.gameId, user.id, req.eventNumber, textOf(req.comment));
      await tell(req.gameId, req.eventNumber);
      return { commentId: id };
    },
    async getGameComments(req, ctx) {
      const viewer = await d.sessions.currentUser(ctx);
      const game = await gameFor(req.gameId, viewer?.id);
      if (!game.annotated && keptFrom(game.row, viewer?.id))
        throw refuse('COMMENT_GAME_IN_PROGRESS');
      return { comments: await out(await d.store.ofGame(req.gameId), false) };
    },
    async editGameComment(req, ctx) {
      const user = await author(ctx);
      const c = await d.store.get(req.commentId);
      if (!c) throw refuse('COMMENT_NOT_FOUND');
      if (c.user_id !== user.id) throw refuse('COMMENT_NOT_AUTHOR');
      const text = textOf(req.comment);
      if (text === c.comment.trim()) return { changed: false };
      await d.store.edit(c.id, text);
      await tell(c.game_id, c.event_number);
      return { changed: true };
    },
    async deleteGameComment(req, ctx) {
      const user = await author(ctx);
      const c = await d.store.get(req.commentId);
      if (!c) throw refuse('COMMENT_NOT_FOUND');
      if (c.user_id !== user.id && !(await d.roles.permsOf(user.id)).includes('can_moderate_users'))
        throw refuse('COMMENT_NOT_AUTHOR');
      await d.store.delete(c.id);
      await tell(c.game_id, c.event_number);
      return {};
    },
    async getCommentsForAllGames(req, ctx) {
      const viewer = await d.sessions.currentUser(ctx);
      const page = pageOf(req.limit, req.offset, FEED_PAGE, FEED_MAX);
      const r = await d.store.recent(undefined, page.limit, page.offset);
      return {
        comments: await out(await readable(r.rows, viewer?.id), true),
        total: r.total,
      };
    },
    async getCollectionComments(req, ctx) {
      const viewer = await d.sessions.currentUser(ctx);
      const page = pageOf(req.limit, req.offset, FEED_PAGE, FEED_MAX);
      const ids = await d.collections.gameIdsFor(req.collectionUuid, viewer?.id);
      if (!ids) throw refuse('COLLECTION_NOT_FOUND');
      const r = await d.store.recent(ids, page.limit, page.offset);
      return {
        comments: await out(await readable(r.rows, viewer?.id), true),
        total: r.total,
      };
    },
  });
}
