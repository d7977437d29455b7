import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import {
  cgp,
  createGame,
  fromDocument,
  gcg,
  isBoardLayoutName,
  isChallengeRule,
  isLetterSetName,
  isVariant,
  letterSetForLexicon,
  toDocument,
  variantBoard,
  variantLetterSet,
  type ChallengeRule,
  type GameDocument,
  type GameState,
  type Variant,
} from '@tessera/engine';
import {
  AnnotatedGameService,
  ChallengeRule as WireChallengeRule,
  challengeRules,
  eventFromWire,
  type GameRules,
  refuse,
} from '@tessera/protocol';
import type { Accounts, SessionResolver } from '../auth/index.ts';
import {
  amendEventAt,
  appendEvent,
  rebuilt,
  truncated,
  withNotes,
  withRacks,
  withRackTiles,
} from './referee.ts';
import type { AnnotatedRow } from './migrations.ts';
import { gameOf, type AnnotatedListRow, type AnnotatedStore } from './store.ts';
import { historyOf, infoOf } from './views.ts';

/** Limits of docs/product/community.md §5 and §10. */
export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 140;
export const RECENT_PAGE = 40;
export const EDITOR_PAGE = 20;
const LIST_MAX = 100;
const GCG_MAX_BYTES = 256 * 1024;
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;
const LEXICON = /^[A-Za-z0-9_]{2,24}$/;
/** The editor offers these challenge rules (§5); an imported record may name another. */
export const OFFERED_RULES: readonly ChallengeRule[] = [
  'FIVE_POINT',
  'DOUBLE',
  'TEN_POINT',
  'SINGLE',
];

export interface ServiceDeps {
  store: AnnotatedStore;
  sessions: SessionResolver;
  accounts: Accounts;
}

interface PlayerIn {
  nickname: string;
  realName: string;
}

/** Two player names: required, at most 50 characters, a GCG nickname each (no spaces). */
export function checkPlayers(players: readonly PlayerIn[]): [PlayerIn, PlayerIn] {
  if (players.length !== 2) throw refuse('ANNO_PLAYER_NAME_REQUIRED');
  const out = players.map((p) => {
    const realName = p.realName.trim();
    const nickname = (p.nickname.trim() || realName).replace(/\s+/g, '_');
    if (nickname === '') throw refuse('ANNO_PLAYER_NAME_REQUIRED');
    if (nickname.length > NAME_MAX || realName.length > NAME_MAX) {
      throw refuse('ANNO_PLAYER_NAME_TOO_LONG', NAME_MAX);
    }
    // A GCG move line is ">nickname: ...", and '#' starts a pragma.
    const bad = /[:#;]/.exec(nickname + realName);
    if (bad) throw refuse('ANNO_BAD_PLAYER_NAME', bad[0]);
    return { nickname, realName: realName || nickname };
  });
  if (out[0].nickname === out[1].nickname) throw refuse('ANNO_SAME_PLAYER_NAMES');
  return [out[0], out[1]];
}

export function checkLexicon(lexicon: string): string {
  const name = lexicon.trim();
  if (name === '') throw refuse('ANNO_LEXICON_REQUIRED');
  // The common-English list is for casual games only (§5: the options exclude it).
  if (!LEXICON.test(name) || /^(ECWL|COMMON)/i.test(name)) {
    throw refuse('ANNO_UNKNOWN_LEXICON', name.slice(0, 24));
  }
  return name.toUpperCase();
}

function checkDescription(text: string): string {
  const d = text.trim();
  if (d.length > DESCRIPTION_MAX) throw refuse('ANNO_DESCRIPTION_TOO_LONG', DESCRIPTION_MAX);
  return d;
}

function offeredRule(rule: WireChallengeRule): ChallengeRule {
  if (rule === WireChallengeRule.UNSPECIFIED) throw refuse('ANNO_CHALLENGE_RULE_REQUIRED');
  const name = challengeRules.fromWire(rule);
  if (!name || !OFFERED_RULES.includes(name)) {
    throw refuse('ANNO_UNKNOWN_CHALLENGE_RULE', name ?? String(rule));
  }
  return name;
}

/** Variant, board and letter set, each defaulting from the variant. */
function gameRules(rules: GameRules | undefined, lexicon: string) {
  const variantName = rules?.variantName || 'classic';
  if (!isVariant(variantName)) throw refuse('INVALID_REQUEST', `unknown variant ${variantName}`);
  const variant: Variant = variantName;
  const board = rules?.boardLayoutName || variantBoard(variant);
  if (!isBoardLayoutName(board)) throw refuse('INVALID_REQUEST', `unknown board ${board}`);
  const letters =
    rules?.letterDistributionName || variantLetterSet(variant) || letterSetForLexicon(lexicon);
  if (!isLetterSetName(letters)) throw refuse('INVALID_REQUEST', `unknown letter set ${letters}`);
  return { variant, boardLayout: board, letterDistribution: letters };
}

const pageOf = (limit: number, offset: number, page: number) => ({
  limit: limit > 0 ? Math.min(limit, LIST_MAX) : page,
  offset: Math.max(0, offset),
});

/** AnnotatedGameService (docs/product/community.md §7). */
export function annotatedRoutes(router: ConnectRouter, d: ServiceDeps): void {
  const me = async (ctx: HandlerContext) => {
    const user = await d.sessions.currentUser(ctx);
    if (!user) throw refuse('ANNO_LOGIN_REQUIRED');
    return user;
  };
  /** A game the caller may see: public ones, and private ones to their creator. */
  const visible = async (gameId: string, ctx: HandlerContext): Promise<AnnotatedRow> => {
    const row = GAME_ID.test(gameId) ? await d.store.row(gameId) : undefined;
    if (!row) throw refuse('ANNO_NOT_FOUND');
    if (!row.public) {
      const user = await d.sessions.currentUser(ctx);
      if (user?.id !== row.creator_id) throw refuse('ANNO_PRIVATE');
    }
    return row;
  };
  const infos = async (rows: AnnotatedListRow[]) => {
    const names = await d.accounts.usernames([...new Set(rows.map((r) => r.creator_id))]);
    return rows.map((r) => infoOf(r, names.get(r.creator_id) ?? ''));
  };
  const answer = async (row: AnnotatedRow, g: GameState) => ({
    document: JSON.stringify(gameDocument(g)),
    info: (await infos([row]))[0],
  });
  const edit = async (
    gameId: string,
    ctx: HandlerContext,
    change: (g: GameState, row: AnnotatedRow) => GameState,
  ) => {
    const user = await me(ctx);
    if (!GAME_ID.test(gameId)) throw refuse('ANNO_NOT_FOUND');
    const { row, game } = await d.store.change(gameId, user.id, change);
    return answer(row, game);
  };
  const owned = async (gameId: string, ctx: HandlerContext) => {
    const user = await me(ctx);
    const row = GAME_ID.test(gameId) ? await d.store.brief(gameId) : undefined;
    if (!row) throw refuse('ANNO_NOT_FOUND');
    if (row.creator_id !== user.id) throw refuse('ANNO_NOT_CREATOR');
    return row;
  };

  router.service(AnnotatedGameService, {
    async createBroadcastGame(req, ctx) {
      const user = await me(ctx);
      const players = checkPlayers(req.playersInfo);
      const lexicon = checkLexicon(req.lexicon);
      const challengeRule = offeredRule(req.challengeRule);
      const description = checkDescription(req.description);
      const g = createGame(
        {
          ...gameRules(req.rules, lexicon),
          lexicon,
          challengeRule,
          players: [
            { ...players[0], userId: '' },
            { ...players[1], userId: '' },
          ],
          seed: Math.floor(Math.random() * 0x7fffffff) + 1,
          meta: { type: 'annotated', description },
        },
        false,
      );
      return { gameId: await d.store.create(user.id, g, req.public) };
    },

    async importGCG(req, ctx) {
      const user = await me(ctx);
      const text = req.gcg;
      if (text.trim() === '' || Buffer.byteLength(text) > GCG_MAX_BYTES) {
        throw refuse('ANNO_GCG_REQUIRED');
      }
      const rule =
        req.challengeRule === WireChallengeRule.UNSPECIFIED
          ? undefined
          : offeredRule(req.challengeRule);
      const letters = req.rules?.letterDistributionName;
      if (letters && !isLetterSetName(letters)) {
        throw refuse('INVALID_REQUEST', `unknown letter set ${letters}`);
      }
      const r = gcg.replayGcg(text, {
        challengeRule: rule,
        letters: letters && isLetterSetName(letters) ? letters : undefined,
      });
      if (!r.ok) throw refuse('ANNO_GCG_UNPLAYABLE', r.message);
      if (r.value.error) throw refuse('ANNO_GCG_UNPLAYABLE', r.value.error.message);
      const g = r.value.game;
      if (req.lexicon.trim() !== '') g.rules.lexicon = checkLexicon(req.lexicon);
      else if (g.rules.lexicon !== '') g.rules.lexicon = checkLexicon(g.rules.lexicon);
      else throw refuse('ANNO_LEXICON_REQUIRED');
      checkPlayers(g.players);
      g.meta.description = g.meta.description.slice(0, DESCRIPTION_MAX);
      return { gameId: await d.store.create(user.id, g, req.public) };
    },

    async getGameDocument(req, ctx) {
      const row = await visible(req.gameId, ctx);
      return answer(row, gameOf(row));
    },

    async patchGameDocument(req, ctx) {
      const patch = parsePatch(req.document);
      return edit(req.gameId, ctx, (g) => {
        let next = g;
        if (patch.notes) next = withNotes(next, patch.notes);
        const players = patch.players ? checkPlayers(patch.players) : undefined;
        const lexicon = patch.lexicon === undefined ? undefined : checkLexicon(patch.lexicon);
        const description =
          patch.description === undefined ? undefined : checkDescription(patch.description);
        const rule =
          patch.challengeRule === undefined ? undefined : offeredName(patch.challengeRule);
        if (players || lexicon || description !== undefined || rule) {
          next = rebuilt(next, (setup) => {
            const o = setup.options;
            if (players) {
              o.players = [
                { ...o.players![0], ...players[0] },
                { ...o.players![1], ...players[1] },
              ];
            }
            if (lexicon) o.lexicon = lexicon;
            if (rule) o.challengeRule = rule;
            if (description !== undefined) o.meta = { ...o.meta, description };
          });
        }
        return next;
      });
    },

    async replaceGameDocument(req, ctx) {
      let doc: GameDocument;
      try {
        doc = JSON.parse(req.document) as GameDocument;
      } catch {
        throw refuse('ANNO_BAD_DOCUMENT', 'not JSON');
      }
      const loaded = fromDocument(doc);
      if (!loaded.ok) throw refuse('ANNO_BAD_DOCUMENT', loaded.message);
      const g = loaded.value;
      checkPlayers(g.players);
      checkLexicon(g.rules.lexicon);
      checkDescription(g.meta.description);
      return edit(req.gameId, ctx, (old) => {
        g.meta.uid = old.meta.uid;
        g.meta.createdAt = old.meta.createdAt;
        g.meta.type = 'annotated';
        // Through the referee once more: recorded racks of eight tiles and the like are refused.
        const checked = rebuilt(g, () => {});
        return withRackTiles(checked, doc.racks);
      });
    },

    async deleteBroadcastGame(req, ctx) {
      const row = await owned(req.gameId, ctx);
      await d.store.delete(row.id);
      return {};
    },

    async setBroadcastGamePrivacy(req, ctx) {
      const row = await owned(req.gameId, ctx);
      await d.store.setPublic(row.id, req.public);
      return {};
    },

    async sendGameEvent(req, ctx) {
      if (!req.event) throw refuse('INVALID_REQUEST', 'event is required');
      const event = eventFromWire(req.event);
      return edit(req.gameId, ctx, (g) =>
        req.amendment ? amendEventAt(g, req.eventNumber, event) : appendEvent(g, event),
      );
    },

    async setRacks(req, ctx) {
      return edit(req.gameId, ctx, (g) =>
        withRacks(g, req.racks, req.amendment ? req.eventNumber : 0),
      );
    },

    async truncateGame(req, ctx) {
      return edit(req.gameId, ctx, (g) => truncated(g, req.eventCount));
    },

    async getRecentAnnotatedGames(req, ctx) {
      const page = pageOf(req.limit, req.offset, RECENT_PAGE);
      let creator = req.userId;
      if (!creator && req.username) {
        const acc = await d.accounts.findByUsername(req.username.trim());
        if (!acc) throw refuse('USER_UNKNOWN');
        creator = acc.id;
      }
      if (!creator)
        return { games: await infos(await d.store.recentPublic(page.limit, page.offset)) };
      const viewer = await d.sessions.currentUser(ctx);
      const rows = await d.store.ofCreator(creator, {
        withPrivate: viewer?.id === creator,
        unfinishedOnly: false,
        ...page,
      });
      return { games: await infos(rows) };
    },

    async getMyUnfinishedGames(req, ctx) {
      const user = await me(ctx);
      const page = pageOf(req.limit, req.offset, EDITOR_PAGE);
      const rows = await d.store.ofCreator(user.id, {
        withPrivate: true,
        unfinishedOnly: true,
        ...page,
      });
      return { games: await infos(rows) };
    },

    async getGamesForEditor(req, ctx) {
      const user = await me(ctx);
      // The editor lists the caller's own games; another user's id shows their public ones.
      const creator = req.userId || user.id;
      const rows = await d.store.ofCreator(creator, {
        withPrivate: creator === user.id,
        unfinishedOnly: req.unfinished,
        ...pageOf(req.limit, req.offset, EDITOR_PAGE),
      });
      return { games: await infos(rows) };
    },

    async getGameOwner(req, ctx) {
      const row = GAME_ID.test(req.gameId) ? await d.store.brief(req.gameId) : undefined;
      if (!row) return { found: false, creatorId: '', creatorUsername: '' };
      if (!row.public) {
        const user = await d.sessions.currentUser(ctx);
        if (user?.id !== row.creator_id) throw refuse('ANNO_PRIVATE');
      }
      const names = await d.accounts.usernames([row.creator_id]);
      return {
        found: true,
        creatorId: row.creator_id,
        creatorUsername: names.get(row.creator_id) ?? '',
      };
    },

    async getCGP(req, ctx) {
      const row = await visible(req.gameId, ctx);
      return { cgp: cgp.cgpFromGame(gameOf(row)) };
    },

    async getMetadata(req, ctx) {
      const row = await visible(req.gameId, ctx);
      return (await infos([row]))[0];
    },

    async getGameHistory(req, ctx) {
      const row = await visible(req.gameId, ctx);
      return {
        history: historyOf(row.id, gameOf(row), row.created_at),
        info: (await infos([row]))[0],
      };
    },
  });
}

function offeredName(name: string): ChallengeRule {
  const upper = name.trim().toUpperCase();
  if (upper === '') throw refuse('ANNO_CHALLENGE_RULE_REQUIRED');
  if (!isChallengeRule(upper) || !OFFERED_RULES.includes(upper)) {
    throw refuse('ANNO_UNKNOWN_CHALLENGE_RULE', upper.slice(0, 24));
  }
  return upper;
}

/** The document of an annotated game: the engine's, with the game type fixed. */
function gameDocument(g: GameState): GameDocument {
  return { ...toDocument(g), type: 'annotated' };
}

interface Patch {
  players?: PlayerIn[];
  description?: string;
  lexicon?: string;
  challengeRule?: string;
  notes?: { eventNumber: number; note: string }[];
}

/** PatchGameDocument's JSON, checked field by field. */
function parsePatch(text: string): Patch {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw refuse('ANNO_BAD_DOCUMENT', 'not JSON');
  }
  if (typeof raw !== 'object' || raw === null) throw refuse('ANNO_BAD_DOCUMENT', 'not an object');
  const o = raw as Record<string, unknown>;
  const out: Patch = {};
  const text_ = (k: string) => {
    if (o[k] === undefined) return undefined;
    if (typeof o[k] !== 'string') throw refuse('ANNO_BAD_DOCUMENT', `${k} must be text`);
    return o[k];
  };
  out.description = text_('description');
  out.lexicon = text_('lexicon');
  out.challengeRule = text_('challengeRule');
  if (o.players !== undefined) {
    if (!Array.isArray(o.players)) throw refuse('ANNO_BAD_DOCUMENT', 'players must be a list');
    out.players = o.players.map((p: unknown) => {
      const q = (p ?? {}) as Record<string, unknown>;
      return {
        nickname: typeof q.nickname === 'string' ? q.nickname : '',
        realName: typeof q.realName === 'string' ? q.realName : '',
      };
    });
  }
  if (o.notes !== undefined) {
    if (!Array.isArray(o.notes)) throw refuse('ANNO_BAD_DOCUMENT', 'notes must be a list');
    out.notes = o.notes.map((n: unknown) => {
      const q = (n ?? {}) as Record<string, unknown>;
      if (typeof q.eventNumber !== 'number' || typeof q.note !== 'string') {
        throw refuse('ANNO_BAD_DOCUMENT', 'a note needs eventNumber and note');
      }
      return { eventNumber: q.eventNumber, note: q.note };
    });
  }
  return out;
}
