import { COMMON_LEXICON, DEFAULT_LEXICON, loadLexicon } from '@tessera/lexica';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, useTestServer } from './harness.ts';
import {
  answerOf,
  codeOf,
  puzzleCall as call,
  type PuzzleView,
  type SubmitView,
  wrongAnswer,
  wrongAnswers,
} from './puzzle-helpers.ts';

/**
 * Puzzle mode through real HTTP on a real database, with puzzles made by the
 * server's own generator (bot games, a fixed seed, statically clear answers).
 */
const server = useTestServer();
const POOL = 8;

beforeAll(async () => {
  const made = await server.services.puzzles.generateNow({
    lexicon: DEFAULT_LEXICON,
    buckets: [{ size: POOL }],
    seed: 29,
    simulate: false,
  });
  expect(made.puzzlesCreated).toBe(POOL);
}, 180_000);

type User = Awaited<ReturnType<typeof registerUser>>;

async function nextPuzzle(u: User, tags: string[] = []) {
  const r = await call<{ puzzleId: string; poolExhausted?: boolean }>(
    server,
    'GetNextClosestRatingPuzzleId',
    { lexicon: DEFAULT_LEXICON, tags },
    u.cookie,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

async function open(u: User, puzzleId: string): Promise<PuzzleView> {
  const r = await call<PuzzleView>(server, 'GetPuzzle', { puzzleId }, u.cookie);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

const submit = (u: User, puzzleId: string, body: object) =>
  call<SubmitView>(server, 'SubmitAnswer', { puzzleId, ...body }, u.cookie);

/** The solution, learned the way a user learns it: someone else gives up. */
async function solutionOf(puzzleId: string) {
  const helper = await registerUser(server);
  await open(helper, puzzleId);
  const r = await submit(helper, puzzleId, { showSolution: true });
  expect(r.status).toBe(200);
  return r.body.answer.correctAnswer!;
}

describe('puzzles', () => {
  it('refuses logged-out solvers with the puzzle page text, but lists lexicons', async () => {
    for (const [method, body] of [
      ['GetStartPuzzleId', { lexicon: DEFAULT_LEXICON }],
      ['GetNextClosestRatingPuzzleId', { lexicon: DEFAULT_LEXICON }],
      ['GetPuzzle', { puzzleId: 'x' }],
      ['GetPuzzleAnswer', { puzzleId: 'x' }],
      ['SubmitAnswer', { puzzleId: 'x', showSolution: true }],
      ['GetPreviousPuzzleId', { puzzleId: 'x' }],
      ['SetPuzzleVote', { puzzleId: 'x', vote: 1 }],
      ['GetPuzzleHistory', {}],
    ] as const) {
      const r = await call(server, method, body);
      expect(codeOf(r), method).toBe(1078);
      expect(r.error).toBe('Log in or register to start solving puzzles.');
    }
    const list = await call<{ lexicons: { lexicon: string; puzzleCount: number }[] }>(
      server,
      'ListPuzzleLexicons',
      {},
    );
    expect(list.body.lexicons).toContainEqual(
      expect.objectContaining({ lexicon: DEFAULT_LEXICON, puzzleCount: POOL }),
    );
  });

  it('rates only the first attempt: a miss lowers the user and raises the puzzle', async () => {
    const u = await registerUser(server);
    const { puzzleId } = await nextPuzzle(u);
    const before = await open(u, puzzleId);
    const solution = await solutionOf(puzzleId);
    const ratedPuzzle = (await open(u, puzzleId)).rating; // after the helper's own rated miss

    const wrong = await submit(u, puzzleId, {
      answer: answerOf(wrongAnswer(before.cgp, solution)),
    });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(200);
    expect(wrong.body.userIsCorrect).toBeFalsy();
    expect(wrong.body.rated).toBe(true);
    expect(wrong.body.answer.status).toBe('PUZZLE_STATUS_UNANSWERED');
    expect(wrong.body.answer.newUserRating).toBeLessThan(1500);
    expect(wrong.body.answer.newPuzzleRating).toBeGreaterThan(ratedPuzzle);

    const right = await submit(u, puzzleId, { answer: answerOf(solution) });
    expect(right.body.userIsCorrect).toBe(true);
    expect(right.body.rated).toBeFalsy();
    expect(right.body.answer.status).toBe('PUZZLE_STATUS_CORRECT');
    // The later attempt changed nothing: same ratings as after the miss.
    expect(right.body.answer.newUserRating).toBe(wrong.body.answer.newUserRating);
    expect((await open(u, puzzleId)).rating).toBe(wrong.body.answer.newPuzzleRating);
    const h = await call<{ ratings: { rating: number; puzzlesRated: number }[] }>(
      server,
      'GetPuzzleHistory',
      { lexicon: DEFAULT_LEXICON },
      u.cookie,
    );
    expect(h.body.ratings[0]).toMatchObject({
      rating: wrong.body.answer.newUserRating,
      puzzlesRated: 1,
    });
  });

  it('rates a solved first attempt the other way: the user rises and the puzzle falls', async () => {
    const u = await registerUser(server);
    const { puzzleId } = await nextPuzzle(u);
    const solution = await solutionOf(puzzleId);
    const p = await open(u, puzzleId);
    const r = await submit(u, puzzleId, { answer: answerOf(solution) });
    expect(r.body).toMatchObject({ userIsCorrect: true, rated: true });
    expect(r.body.answer.newUserRating).toBeGreaterThan(1500);
    expect(r.body.answer.newPuzzleRating).toBeLessThan(p.rating);
    expect(r.body.answer.stars).toBe(3);
    expect(codeOf(await submit(u, puzzleId, { answer: answerOf(solution) }))).toBe(1081);
  });

  it('unlocks hints after two attempts, one per attempt, and gives max(1, 4 - attempts) stars', async () => {
    const u = await registerUser(server);
    const { puzzleId } = await nextPuzzle(u);
    const solution = await solutionOf(puzzleId);
    const p = await open(u, puzzleId);
    expect(p.answer.hints.unlocked ?? 0).toBe(0);
    const wrong = answerOf(wrongAnswer(p.cgp, solution));
    const seen: SubmitView['answer'][] = [];
    for (let i = 0; i < 4; i++)
      seen.push((await submit(u, puzzleId, { answer: wrong })).body.answer);
    expect(seen.map((a) => a.attempts)).toEqual([1, 2, 3, 4]);
    expect(seen.map((a) => a.hints.unlocked ?? 0)).toEqual([0, 1, 2, 3]);
    expect(seen[0].hints.score ?? 0).toBe(0);
    expect(seen[1].hints.score).toBe(solution.score);
    expect(seen[1].hints.tileCount ?? 0).toBe(0);
    expect(seen[2].hints.tileCount).toBeGreaterThan(0);
    expect(seen[2].hints.position ?? '').toBe('');
    expect(seen[3].hints.position).toMatch(/^(row \d+|column [A-O])$/);
    expect(seen.every((a) => a.correctAnswer === undefined)).toBe(true);
    const solved = await submit(u, puzzleId, { answer: answerOf(solution) });
    expect(solved.body.answer).toMatchObject({ status: 'PUZZLE_STATUS_CORRECT', attempts: 5 });
    expect(solved.body.answer.stars).toBe(1);

    // Solved at the second attempt: two stars.
    const v = await registerUser(server);
    await open(v, puzzleId);
    await submit(v, puzzleId, { answer: wrong });
    const second = await submit(v, puzzleId, { answer: answerOf(solution) });
    expect(second.body.answer).toMatchObject({ attempts: 2, stars: 2 });
  });

  it('lists the invalid words of a wrong answer', async () => {
    const u = await registerUser(server);
    const { puzzleId } = await nextPuzzle(u);
    const solution = await solutionOf(puzzleId);
    const p = await open(u, puzzleId);
    // The server process is this one, so its loaded lexicon is at hand to check against.
    const lexicon = loadLexicon(DEFAULT_LEXICON);
    let phony: { position: string; playedTiles: string; invalid: string[] } | undefined;
    for (const w of wrongAnswers(p.cgp, solution)) {
      const invalid = w.words.filter((x) => !lexicon.has(x)).map((x) => lexicon.format(x));
      if (invalid.length > 0) {
        phony = { ...w, invalid };
        break;
      }
    }
    expect(phony).toBeDefined();
    const r = await submit(u, puzzleId, { answer: answerOf(phony!) });
    expect(r.body.userIsCorrect).toBeFalsy();
    expect(r.body.answer.attempts).toBe(1);
    expect(r.body.invalidWords).toEqual(phony!.invalid);
  });

  it('gives up: INCORRECT with the solution; the answer is hidden before', async () => {
    const u = await registerUser(server);
    const { puzzleId } = await nextPuzzle(u);
    await open(u, puzzleId);
    expect(codeOf(await call(server, 'GetPuzzleAnswer', { puzzleId }, u.cookie))).toBe(1082);
    const r = await submit(u, puzzleId, { showSolution: true });
    expect(r.body.answer.status).toBe('PUZZLE_STATUS_INCORRECT');
    expect(r.body.rated).toBe(true);
    expect(r.body.answer.newUserRating).toBeLessThan(1500);
    expect(r.body.answer.correctAnswer?.playedTiles).toBeTruthy();
    expect(r.body.answer.hints.unlocked).toBe(3);
    const a = await call<{ correctAnswer: unknown }>(
      server,
      'GetPuzzleAnswer',
      { puzzleId },
      u.cookie,
    );
    expect(a.body.correctAnswer).toEqual(r.body.answer.correctAnswer);
    const after = await open(u, puzzleId);
    expect(after.tags?.length).toBeGreaterThan(0);
    expect(codeOf(await submit(u, puzzleId, { showSolution: true }))).toBe(1081);
  });

  it('keeps one vote per user: -1, 0 and 1, and refuses others', async () => {
    const [a, b] = [await registerUser(server), await registerUser(server)];
    const { puzzleId } = await nextPuzzle(a);
    const vote = (u: User, v: number) =>
      call<{ voteTotal?: number }>(server, 'SetPuzzleVote', { puzzleId, vote: v }, u.cookie);
    expect((await vote(a, 1)).body.voteTotal).toBe(1);
    expect((await vote(a, 1)).body.voteTotal).toBe(1);
    expect((await vote(b, -1)).body.voteTotal ?? 0).toBe(0);
    expect((await vote(a, -1)).body.voteTotal).toBe(-2);
    expect((await vote(b, 0)).body.voteTotal).toBe(-1);
    expect((await open(a, puzzleId)).userVote).toBe(-1);
    for (const bad of [2, -2, 100]) expect(codeOf(await vote(a, bad))).toBe(1074);
  });

  it('never repeats a puzzle until the pool is exhausted, then says so', async () => {
    const u = await registerUser(server);
    const seen = new Set<string>();
    for (let i = 0; i < POOL; i++) {
      const n = await nextPuzzle(u);
      expect(n.poolExhausted ?? false).toBe(false);
      expect(seen.has(n.puzzleId)).toBe(false);
      seen.add(n.puzzleId);
      await open(u, n.puzzleId);
    }
    const again = await nextPuzzle(u);
    expect(again.poolExhausted).toBe(true);
    expect(seen.has(again.puzzleId)).toBe(true);
  });

  it('starts with the unfinished puzzle and goes back to the previous one', async () => {
    const u = await registerUser(server);
    const first = await call<{ puzzleId: string }>(
      server,
      'GetStartPuzzleId',
      { lexicon: DEFAULT_LEXICON },
      u.cookie,
    );
    await open(u, first.body.puzzleId);
    expect(
      codeOf(
        await call(server, 'GetPreviousPuzzleId', { puzzleId: first.body.puzzleId }, u.cookie),
      ),
    ).toBe(1077);
    const again = await call<{ puzzleId: string }>(
      server,
      'GetStartPuzzleId',
      { lexicon: DEFAULT_LEXICON },
      u.cookie,
    );
    expect(again.body.puzzleId).toBe(first.body.puzzleId);
    const second = await nextPuzzle(u);
    expect(second.puzzleId).not.toBe(first.body.puzzleId);
    await open(u, second.puzzleId);
    const prev = await call<{ puzzleId: string }>(
      server,
      'GetPreviousPuzzleId',
      { puzzleId: second.puzzleId },
      u.cookie,
    );
    expect(prev.body.puzzleId).toBe(first.body.puzzleId);
  });

  it('chooses by theme: only puzzles with every tag asked for', async () => {
    const u = await registerUser(server);
    const list = await call<{
      lexicons: { lexicon: string; tagCounts: { tag: string; count: number }[] }[];
    }>(server, 'ListPuzzleLexicons', {});
    const counts = list.body.lexicons.find((l) => l.lexicon === DEFAULT_LEXICON)!.tagCounts;
    const theme = counts.find((c) => c.tag !== 'PUZZLE_TAG_EQUITY')!;
    for (let i = 0; i < theme.count; i++) {
      const n = await nextPuzzle(u, [theme.tag]);
      expect(n.poolExhausted ?? false).toBe(false);
      await open(u, n.puzzleId);
      const gave = await submit(u, n.puzzleId, { showSolution: true });
      expect(gave.status).toBe(200);
      expect((await open(u, n.puzzleId)).tags).toContain(theme.tag);
    }
    expect((await nextPuzzle(u, [theme.tag])).poolExhausted).toBe(true);
    const bad = await call(
      server,
      'GetNextClosestRatingPuzzleId',
      { lexicon: DEFAULT_LEXICON, tags: [99] },
      u.cookie,
    );
    expect(codeOf(bad)).toBe(1086);
  });

  it('refuses bad inputs with their codes', async () => {
    const u = await registerUser(server);
    const lex = (lexicon: string) =>
      call(server, 'GetNextClosestRatingPuzzleId', { lexicon }, u.cookie);
    expect(codeOf(await lex(COMMON_LEXICON))).toBe(1075);
    expect(codeOf(await lex('NOSUCHLEX'))).toBe(1085);
    expect(codeOf(await lex(''))).toBe(1085);
    expect(codeOf(await call(server, 'GetPuzzle', { puzzleId: 'nope' }, u.cookie))).toBe(1076);
    expect(codeOf(await call(server, 'GetPuzzle', { puzzleId: 'x'.repeat(500) }, u.cookie))).toBe(
      1076,
    );
    const { puzzleId } = await nextPuzzle(u);
    // Submitting to a puzzle never opened.
    expect(codeOf(await submit(u, puzzleId, { showSolution: true }))).toBe(1080);
    await open(u, puzzleId);
    for (const answer of [
      { type: 'TYPE_TILE_PLACEMENT', positionCoords: 'Z99', tiles: 'A' },
      { type: 'TYPE_TILE_PLACEMENT', positionCoords: '8H', tiles: '!!' },
      { type: 'TYPE_TILE_PLACEMENT', positionCoords: '1A', tiles: 'QQQQQQQ' },
      { type: 'TYPE_TILE_PLACEMENT', positionCoords: '8H'.repeat(20), tiles: 'A' },
    ]) {
      const r = await submit(u, puzzleId, { answer });
      expect(codeOf(r), JSON.stringify(answer)).toBe(1079);
    }
    expect(codeOf(await submit(u, puzzleId, {}))).toBe(1079);
    // None of those counted as an attempt.
    expect((await open(u, puzzleId)).answer.attempts ?? 0).toBe(0);
    for (const page of [{ offset: -1 }, { limit: 51 }, { limit: -3 }])
      expect(codeOf(await call(server, 'GetPuzzleHistory', page, u.cookie))).toBe(1088);
  });

  it('keeps a history with the rating after each rated puzzle', async () => {
    const u = await registerUser(server);
    for (let i = 0; i < 3; i++) {
      const { puzzleId } = await nextPuzzle(u);
      await open(u, puzzleId);
      await submit(u, puzzleId, { showSolution: true });
    }
    const h = await call<{
      entries: { status: string; ratingAfter: number }[];
      ratingHistory: { rating: number }[];
    }>(server, 'GetPuzzleHistory', { lexicon: DEFAULT_LEXICON }, u.cookie);
    expect(h.body.entries).toHaveLength(3);
    expect(h.body.entries.every((e) => e.status === 'PUZZLE_STATUS_INCORRECT')).toBe(true);
    const points = h.body.ratingHistory.map((p) => p.rating);
    expect(points).toHaveLength(3);
    // Three misses in a row: the rating falls each time.
    expect(points[1]).toBeLessThan(points[0]);
    expect(points[2]).toBeLessThan(points[1]);
    expect(h.body.entries[0].ratingAfter).toBe(points[2]);
  });
});
