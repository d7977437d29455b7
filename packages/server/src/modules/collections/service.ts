import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import { CollectionsService, refuse } from '@tessera/protocol';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import type { GameApi } from '../game/index.ts';
import type { AnnotatedGames } from './annotated.ts';
import type { ChapterRow, CollectionRow, Collections } from './store.ts';

/** Limits of the collection forms (docs/product/community.md §5, §9). */
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const CHAPTER_TITLE_MAX = 100;
/** Pages: user collections 20 (50 in the add-to-collection modal), other lists 10. */
export const USER_PAGE = 20;
export const LIST_PAGE = 10;
export const LIST_MAX = 50;
/** Chapters per GetCollection page by default, and at most. */
export const CHAPTER_PAGE = 100;
export const CHAPTER_MAX = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface CollectionDeps {
  sessions: SessionResolver;
  accounts: Pick<Accounts, 'usernames'>;
  games: Pick<GameApi, 'row' | 'cardsFor'>;
  annotated: AnnotatedGames;
  store: Collections;
}

const ms = (d: Date) => BigInt(d.getTime());

/** A page's limit and offset: 0 takes the default, beyond the maximum is cut. */
export function pageOf(limit: number, offset: number, dflt: number, max: number) {
  if (limit < 0 || offset < 0)
    throw refuse('INVALID_REQUEST', 'limit and offset cannot be negative');
  return { limit: Math.min(limit || dflt, max), offset };
}

function titleOf(raw: string): string {
  const t = raw.trim();
  if (!t) throw refuse('COLLECTION_TITLE_REQUIRED');
  if (t.length > TITLE_MAX) throw refuse('COLLECTION_TITLE_TOO_LONG', TITLE_MAX);
  return t;
}

function descriptionOf(raw: string): string {
  const d = raw.trim();
  if (d.length > DESCRIPTION_MAX) throw refuse('COLLECTION_DESCRIPTION_TOO_LONG', DESCRIPTION_MAX);
  return d;
}

function chapterTitleOf(raw: string): string {
  const t = raw.trim();
  if (!t) throw refuse('CHAPTER_TITLE_EMPTY');
  if (t.length > CHAPTER_TITLE_MAX) throw refuse('CHAPTER_TITLE_TOO_LONG', CHAPTER_TITLE_MAX);
  return t;
}

export const chapterOut = (c: ChapterRow) => ({
  gameId: c.game_id,
  chapterNumber: c.position,
  chapterTitle: c.chapter_title,
  isAnnotated: c.is_annotated,
  addedAt: ms(c.added_at),
});

/** CollectionsService: collections, their chapters and the lists of them. */
export function collectionRoutes(router: ConnectRouter, d: CollectionDeps): void {
  const me = async (ctx: HandlerContext) => {
    const user = await d.sessions.currentUser(ctx);
    if (!user) throw refuse('COLLECTION_LOGIN_REQUIRED');
    return user;
  };
  /** A collection the caller may see: public, or their own. */
  const seen = (row: CollectionRow | undefined, viewerId: string | undefined) => {
    if (!row || (!row.public && row.creator_id !== viewerId)) throw refuse('COLLECTION_NOT_FOUND');
    return row;
  };
  const visible = async (uuid: string, viewerId: string | undefined) =>
    seen(UUID.test(uuid) ? await d.store.get(uuid) : undefined, viewerId);
  /** A collection the caller owns. */
  const owned = async (ctx: HandlerContext, uuid: string) => {
    const user = await me(ctx);
    const row = await visible(uuid, user.id);
    if (row.creator_id !== user.id) throw refuse('COLLECTION_NOT_OWNER');
    return { user, row };
  };
  const out = async (rows: CollectionRow[]) => {
    const names = await d.accounts.usernames([...new Set(rows.map((r) => r.creator_id))]);
    return rows.map((r) => ({
      uuid: r.id,
      title: r.title,
      description: r.description,
      public: r.public,
      creatorUuid: r.creator_id,
      creatorUsername: names.get(r.creator_id) ?? '',
      gameCount: r.game_count,
      createdAt: ms(r.created_at),
      updatedAt: ms(r.updated_at),
    }));
  };
  /** Whether a game is annotated and its default chapter title; refuses unknown, unfinished and others' private games. */
  const chapterSource = async (gameId: string, userId: string) => {
    const summary = gameId ? await d.annotated.summary(gameId) : undefined;
    if (summary) {
      if (!summary.public && summary.creatorId !== userId) throw refuse('COLLECTION_GAME_PRIVATE');
      return { annotated: true, title: summary.title };
    }
    const row = gameId ? await d.games.row(gameId) : undefined;
    if (!row) throw refuse('COLLECTION_GAME_UNKNOWN', gameId);
    if (!row.ended_at) throw refuse('COLLECTION_GAME_NOT_FINISHED');
    const [cards] = await d.games.cardsFor([row]);
    return { annotated: false, title: `${cards[0].nickname} vs ${cards[1].nickname}` };
  };

  router.service(CollectionsService, {
    async createCollection(req, ctx) {
      const user = await me(ctx);
      const id = await d.store.create(
        user.id,
        titleOf(req.title),
        descriptionOf(req.description),
        req.public,
      );
      return { collectionUuid: id };
    },
    async getCollection(req, ctx) {
      const page = pageOf(req.limit, req.offset, CHAPTER_PAGE, CHAPTER_MAX);
      // The viewer and the collection are read side by side (opening a collection is a hot path).
      const [viewer, found] = await Promise.all([
        d.sessions.currentUser(ctx),
        UUID.test(req.collectionUuid) ? d.store.get(req.collectionUuid) : undefined,
      ]);
      const row = seen(found, viewer?.id);
      const [[c], chapters] = await Promise.all([
        out([row]),
        d.store.chapters(row.id, page.limit, page.offset),
      ]);
      return { collection: { ...c, games: chapters.map(chapterOut) } };
    },
    async updateCollection(req, ctx) {
      const { row } = await owned(ctx, req.collectionUuid);
      await d.store.update(row.id, titleOf(req.title), descriptionOf(req.description), req.public);
      return {};
    },
    async deleteCollection(req, ctx) {
      const { row } = await owned(ctx, req.collectionUuid);
      await d.store.delete(row.id);
      return {};
    },
    async addGameToCollection(req, ctx) {
      const { user, row } = await owned(ctx, req.collectionUuid);
      const source = await chapterSource(req.gameId, user.id);
      const title = req.chapterTitle.trim() ? chapterTitleOf(req.chapterTitle) : source.title;
      const n = await d.store.add(
        row.id,
        req.gameId,
        title.slice(0, CHAPTER_TITLE_MAX),
        source.annotated,
      );
      return { chapterNumber: n };
    },
    async removeGameFromCollection(req, ctx) {
      const { row } = await owned(ctx, req.collectionUuid);
      await d.store.remove(row.id, req.gameId);
      return {};
    },
    async reorderGames(req, ctx) {
      const { row } = await owned(ctx, req.collectionUuid);
      if (req.offset < 0) throw refuse('INVALID_REQUEST', 'offset cannot be negative');
      if (req.gameIds.length === 0) throw refuse('COLLECTION_REORDER_MISMATCH');
      await d.store.reorder(row.id, req.offset, req.gameIds);
      return {};
    },
    async updateChapterTitle(req, ctx) {
      const { row } = await owned(ctx, req.collectionUuid);
      await d.store.retitle(row.id, req.gameId, chapterTitleOf(req.chapterTitle));
      return {};
    },
    async getUserCollections(req, ctx) {
      const viewer = await d.sessions.currentUser(ctx);
      const creatorId = req.userUuid || viewer?.id;
      if (!creatorId) throw refuse('COLLECTION_LOGIN_REQUIRED');
      const page = pageOf(req.limit, req.offset, USER_PAGE, LIST_MAX);
      const r = await d.store.list(
        { creatorId, withPrivate: creatorId === viewer?.id },
        page.limit,
        page.offset,
      );
      return { collections: await out(r.rows), total: r.total };
    },
    async getPublicCollections(req) {
      const page = pageOf(req.limit, req.offset, LIST_PAGE, LIST_MAX);
      const r = await d.store.list({ withPrivate: false }, page.limit, page.offset);
      return { collections: await out(r.rows), total: r.total };
    },
    async getCollectionsForGame(req, ctx) {
      const viewer = await d.sessions.currentUser(ctx);
      const rows = await d.store.forGame(req.gameId, viewer?.id);
      return { collections: await out(rows), total: rows.length };
    },
    async getRecentlyUpdatedCollections(req, ctx) {
      const viewer = await d.sessions.currentUser(ctx);
      const page = pageOf(req.limit, req.offset, LIST_PAGE, LIST_MAX);
      const creatorId = req.userUuid || undefined;
      const r = await d.store.list(
        { creatorId, withPrivate: !!creatorId && creatorId === viewer?.id },
        page.limit,
        page.offset,
      );
      return { collections: await out(r.rows), total: r.total };
    },
  });
}
