import { timingSafeEqual } from 'node:crypto';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ConnectRouter, HandlerContext } from '@connectrpc/connect';
import type { Lexicon } from '@tessera/engine';
import {
  type PuzzleAnswerSchema,
  PuzzleService,
  PuzzleStatus,
  type PuzzleJobLogSchema,
  refuse,
} from '@tessera/protocol';
import type { Account, SessionResolver } from '../auth/index.ts';
import type { Roles } from '../roles/index.ts';
import { submit } from './attempts.ts';
import type { PuzzleGenerator } from './generation.ts';
import {
  readJobRequest,
  requestToWire,
  tagName,
  tagValue,
  type JobRequest,
} from './job-request.ts';
import type { PuzzleJobRunner } from './jobs.ts';
import type { AttemptRow, JobRow, PuzzleRow } from './migrations.ts';
import { answerEvent, historyOf, judge } from './position.ts';
import { hintsFor, hintsUnlocked, isEstablished, stars, type Status } from './rules.ts';
import type { PuzzleStore } from './store.ts';

export interface PuzzleServiceDeps {
  store: PuzzleStore;
  sessions: SessionResolver;
  roles: Roles;
  generator: PuzzleGenerator;
  runner: PuzzleJobRunner;
  /** The canonical name of a lexicon this server has, or undefined. */
  resolveLexicon(name: string): string | undefined;
  lexicon(name: string): Lexicon | undefined;
  defaultLexicon: string;
  /** Does a stored game still exist? (For puzzles taken from people's games.) */
  gameExists(id: string): Promise<boolean>;
  /** The secret key that lets a caller without the admin permission start a job; empty: none. */
  secretKey: string;
}

const JOB_PAGE = 20;
const HISTORY_PAGE = 20;
const HISTORY_MAX = 50;
const RATING_POINTS = 500;
const MAX_ID = 64;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : '');
const statusValue: Record<Status, PuzzleStatus> = {
  UNANSWERED: PuzzleStatus.UNANSWERED,
  CORRECT: PuzzleStatus.CORRECT,
  INCORRECT: PuzzleStatus.INCORRECT,
};

/** PuzzleService (docs/product/gameplay.md §7); see puzzle.proto for each call. */
export function puzzleRoutes(router: ConnectRouter, d: PuzzleServiceDeps): void {
  const { store } = d;
  /** A theme's tags by name, each once (PUZZLE_TAG_INVALID for an unknown one). */
  const themeOf = (tags: number[]) => [...new Set(tags.map(tagName))];

  /** Puzzles are for signed-in users; a visitor gets the puzzle page's own words. */
  const solver = async (ctx: HandlerContext): Promise<Account> => {
    const user = await d.sessions.currentUser(ctx);
    if (!user) throw refuse('PUZZLE_LOGIN_REQUIRED');
    return user;
  };

  const puzzleOr404 = async (id: string): Promise<PuzzleRow> => {
    const p = id && id.length <= MAX_ID ? await store.puzzle(id) : undefined;
    if (!p) throw refuse('PUZZLE_NOT_FOUND', id.slice(0, MAX_ID));
    return p;
  };

  /** A lexicon the caller may ask puzzles of: one the server has, or one with stored puzzles. */
  const lexiconOf = async (name: string): Promise<string> => {
    const wanted = name.trim().toUpperCase().slice(0, 40);
    const resolved = d.resolveLexicon(wanted);
    if (resolved) return resolved;
    if (wanted && (await store.anyPuzzle(wanted, []))) return wanted;
    throw refuse('PUZZLE_LEXICON_UNAVAILABLE', wanted || '(none)');
  };

  /** The unseen puzzle closest to the user's rating, or the one seen longest ago once all were seen. */
  const next = async (userId: string, lexicon: string, tags: string[], except: string | null) => {
    const rating = (await store.userRating(userId, lexicon)).rating;
    const unseen = await store.closestUnseen(userId, lexicon, rating, tags);
    if (unseen) return { puzzleId: unseen.id, poolExhausted: false };
    const again = await store.leastRecentlySeen(userId, lexicon, tags, except);
    if (again) return { puzzleId: again, poolExhausted: true };
    if (except && (await store.anyPuzzle(lexicon, tags)))
      return { puzzleId: except, poolExhausted: true };
    throw refuse('PUZZLE_NONE_FOR_LEXICON', lexicon);
  };

  const answerView = (
    p: PuzzleRow,
    a: AttemptRow | undefined,
  ): MessageInitShape<typeof PuzzleAnswerSchema> => {
    const status = (a?.status ?? 'UNANSWERED') as Status;
    const attempts = a?.attempts ?? 0;
    const h = hintsFor(p.answer, hintsUnlocked(status, attempts));
    return {
      status: statusValue[status],
      attempts,
      correctAnswer: status === 'UNANSWERED' ? undefined : answerEvent(p.answer),
      // The source game and its turn only once answered: with them, the game's
      // record shows the move played (issue 37).
      gameId: status === 'UNANSWERED' ? '' : (p.source_game_id ?? ''),
      turnNumber: status === 'UNANSWERED' ? 0 : p.turn_number,
      lastAttemptTime: iso(a?.last_attempt_at),
      newPuzzleRating: Math.round(a?.puzzle_rating_after ?? 0),
      newUserRating: Math.round(a?.user_rating_after ?? 0),
      stars: stars(status, attempts),
      hints: h,
    };
  };

  const page = (offset: number, limit: number, max: number, dflt: number) => {
    if (!Number.isInteger(offset) || offset < 0)
      throw refuse('PUZZLE_PAGE_INVALID', 'the offset must be 0 or more');
    if (!Number.isInteger(limit) || limit < 0 || limit > max)
      throw refuse('PUZZLE_PAGE_INVALID', `the limit must be 1 to ${max}`);
    return { offset, limit: limit || dflt };
  };

  const keyMatches = (given: string) => {
    if (!d.secretKey || !given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(d.secretKey);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  const jobView = (j: JobRow): MessageInitShape<typeof PuzzleJobLogSchema> => ({
    id: j.id,
    request: requestToWire(j.request as JobRequest),
    createdAt: iso(j.created_at),
    completedAt: iso(j.completed_at),
    fulfilled: j.fulfilled,
    errorStatus: j.error_status ?? '',
    gamesConsidered: j.games_considered,
    puzzlesCreated: j.puzzles_created,
    bucketCounts: j.bucket_counts,
  });

  router.service(PuzzleService, {
    async getStartPuzzleId(req, ctx) {
      const user = await solver(ctx);
      const lexicon = await lexiconOf(req.lexicon);
      const tags = themeOf(req.tags);
      const open = await store.latestUnanswered(user.id, lexicon, tags);
      if (open) return { puzzleId: open, poolExhausted: false };
      return next(user.id, lexicon, tags, null);
    },

    async getNextClosestRatingPuzzleId(req, ctx) {
      const user = await solver(ctx);
      const lexicon = await lexiconOf(req.lexicon);
      return next(user.id, lexicon, themeOf(req.tags), null);
    },

    async getPuzzle(req, ctx) {
      const user = await solver(ctx);
      const p = await puzzleOr404(req.puzzleId);
      if (p.source_game_id && !(await d.gameExists(p.source_game_id)))
        throw refuse('PUZZLE_GAME_GONE');
      const a = await store.open(user.id, p);
      const answered = a.status !== 'UNANSWERED';
      return {
        puzzleId: p.id,
        history: historyOf(p, answered),
        cgp: p.cgp,
        lexicon: p.lexicon,
        letterDistribution: p.letter_distribution,
        variantName: p.variant,
        answer: answerView(p, a),
        tags: answered ? p.tags.map(tagValue) : [],
        rating: Math.round(p.rating),
        userVote: await store.userVote(user.id, p.id),
        voteTotal: p.vote_total ?? 0,
      };
    },

    async getPuzzleAnswer(req, ctx) {
      const user = await solver(ctx);
      const p = await puzzleOr404(req.puzzleId);
      const a = await store.attempt(user.id, p.id);
      if (!a || a.status === 'UNANSWERED') throw refuse('PUZZLE_ANSWER_HIDDEN');
      return { correctAnswer: answerEvent(p.answer) };
    },

    async submitAnswer(req, ctx) {
      const user = await solver(ctx);
      const p = await puzzleOr404(req.puzzleId);
      if (req.showSolution) {
        const out = await submit(store, user.id, p, { giveUp: true });
        return { userIsCorrect: false, answer: answerView(p, out.attempt), rated: out.rated };
      }
      if (!req.answer) throw refuse('PUZZLE_ANSWER_INVALID', 'no answer was given');
      const verdict = judge(p, req.answer, d.lexicon(p.lexicon));
      const out = await submit(store, user.id, p, { giveUp: false, correct: verdict.correct });
      return {
        userIsCorrect: verdict.correct,
        answer: answerView(p, out.attempt),
        invalidWords: verdict.invalidWords,
        rated: out.rated,
      };
    },

    async getPreviousPuzzleId(req, ctx) {
      const user = await solver(ctx);
      const p = await puzzleOr404(req.puzzleId);
      const prev = await store.previous(user.id, p.lexicon, p.id);
      if (!prev) throw refuse('PUZZLE_NO_PREVIOUS');
      return { puzzleId: prev };
    },

    async setPuzzleVote(req, ctx) {
      const user = await solver(ctx);
      if (![-1, 0, 1].includes(req.vote)) throw refuse('PUZZLE_VOTE_INVALID', req.vote);
      const p = await puzzleOr404(req.puzzleId);
      return { voteTotal: await store.vote(user.id, p.id, req.vote) };
    },

    async startPuzzleGenJob(req, ctx) {
      const user = await d.sessions.currentUser(ctx);
      const admin = !!user && (await d.roles.permsOf(user.id)).includes('adm');
      if (!admin && !keyMatches(req.secretKey)) throw refuse('PUZZLE_JOB_FORBIDDEN');
      if (!req.request) throw refuse('PUZZLE_JOB_INVALID', 'no request');
      const request = readJobRequest(req.request, d.resolveLexicon, d.defaultLexicon);
      const jobId = (await d.generator.create(request, user?.id ?? null))!;
      await d.runner.enqueue(jobId);
      return { jobId };
    },

    async getPuzzleJobLogs(req, ctx) {
      const user = await d.sessions.currentUser(ctx);
      if (!user) throw refuse('NOT_LOGGED_IN');
      if (!(await d.roles.permsOf(user.id)).includes('adm')) throw refuse('PERMISSION_DENIED');
      const { offset, limit } = page(req.offset, req.limit, JOB_PAGE, JOB_PAGE);
      return { logs: (await d.generator.logs(offset, limit)).map(jobView) };
    },

    async listPuzzleLexicons() {
      const counts = await store.lexiconCounts();
      return {
        lexicons: counts.map((c) => ({
          lexicon: c.lexicon,
          puzzleCount: c.count,
          tagCounts: c.tags.map((t) => ({ tag: tagValue(t.tag), count: t.count })),
        })),
      };
    },

    async getPuzzleHistory(req, ctx) {
      const user = await solver(ctx);
      const { offset, limit } = page(req.offset, req.limit, HISTORY_MAX, HISTORY_PAGE);
      const lexicon = req.lexicon.trim().toUpperCase().slice(0, 40);
      const [rows, ratings, points] = await Promise.all([
        store.history(user.id, lexicon, offset, limit),
        store.userRatings(user.id),
        store.ratingHistory(user.id, lexicon, RATING_POINTS),
      ]);
      return {
        entries: rows.map((a) => ({
          puzzleId: a.puzzle_id,
          lexicon: a.lexicon,
          status: statusValue[a.status as Status],
          attempts: a.attempts,
          stars: stars(a.status as Status, a.attempts),
          firstSeenAt: iso(a.first_seen_at),
          lastAttemptTime: iso(a.last_attempt_at),
          firstAttemptCorrect: !!a.first_attempt_correct,
          ratingAfter: Math.round(a.user_rating_after ?? 0),
        })),
        ratings: ratings
          .filter((r) => !lexicon || r.lexicon === lexicon)
          .map((r) => ({
            lexicon: r.lexicon,
            rating: Math.round(r.rating),
            deviation: Math.round(r.deviation),
            established: isEstablished(r.deviation),
            puzzlesRated: r.rated_count,
          })),
        ratingHistory: points.map((pt) => ({
          lexicon: pt.lexicon,
          at: iso(pt.first_attempt_at),
          rating: Math.round(pt.user_rating_after ?? 0),
          deviation: Math.round(pt.user_deviation_after ?? 0),
        })),
      };
    },
  });
}
