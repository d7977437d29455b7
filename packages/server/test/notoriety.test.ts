import { type EndReason, type GameEvent, makeEvent } from '@tessera/engine';
import { DEFAULT_LEXICON } from '@tessera/lexica';
import {
  ClientGameplayEvent_Type as Action,
  ClientGameplayEventSchema,
  MessageType,
} from '@tessera/protocol';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { GameRow } from '../src/modules/game/index.ts';
import {
  classify,
  DEFAULT_NOTORIETY_RULES as RULES,
  type NotoriousType,
} from '../src/modules/moderation/index.ts';
import { Notoriety } from '../src/modules/moderation/notoriety.ts';
import { parseNotorietyRules } from '../src/modules/moderation/notoriety-rules.ts';
import { startGame, twoPlayers } from './game-helpers.ts';
import { registerUser, useTestServer } from './harness.ts';
import { mod } from './moderation-helpers.ts';

/**
 * Automatic notoriety (decision 0132) on scripted games of each type: the
 * classification, the points, forgiveness, the automatic suspension of
 * rated games and its length, and the exemption of tournament games; then
 * one game played over the socket, its report and the moderator's reset.
 */
const server = useTestServer();

const move = (p: number, millisRemaining = 500_000) =>
  makeEvent('TILE_PLACEMENT_MOVE', p, { score: 20, millisRemaining });
const game = (
  events: GameEvent[],
  endReason: EndReason,
  scores: [number, number] = [100, 200],
  rated = true,
  unchallengedPhonies: [number, number] = [0, 0],
) => ({ events, endReason, scores, rated, initialSeconds: 600, unchallengedPhonies });

describe('the classification', () => {
  const cases: [string, ReturnType<typeof game>, boolean, NotoriousType][] = [
    ['a normal game', game([move(0), move(1), move(0)], 'STANDARD'), false, 'GOOD'],
    [
      'times out without a turn',
      game([move(1), makeEvent('TIMED_OUT', 0)], 'TIME'),
      false,
      'NO_PLAY',
    ],
    [
      'times out after denying a nudge',
      game([move(0), move(1), makeEvent('TIMED_OUT', 0)], 'TIME'),
      true,
      'NO_PLAY_DENIED_NUDGE',
    ],
    [
      'times out while behind with most of the clock left',
      game([move(0, 400_000), move(1), makeEvent('TIMED_OUT', 0)], 'TIME'),
      false,
      'SITTING',
    ],
    [
      'times out while behind, short of time (not sitting)',
      game([move(0, 20_000), move(1), makeEvent('TIMED_OUT', 0)], 'TIME'),
      false,
      'GOOD',
    ],
    [
      'times out while ahead (not sitting)',
      game([move(0, 400_000), move(1), makeEvent('TIMED_OUT', 0)], 'TIME', [300, 100]),
      false,
      'GOOD',
    ],
    [
      'resigns a rated game at once',
      game([move(1), makeEvent('RESIGNED', 0)], 'RESIGNED'),
      false,
      'SANDBAG',
    ],
    [
      'resigns a casual game at once (no rating to lose)',
      game([move(1), makeEvent('RESIGNED', 0)], 'RESIGNED', [0, 20], false),
      false,
      'GOOD',
    ],
    [
      'resigns a rated game after a real fight',
      game(
        [0, 1, 0, 1, 0, 1, 0, 1].map((p) => move(p)).concat(makeEvent('RESIGNED', 0)),
        'RESIGNED',
      ),
      false,
      'GOOD',
    ],
    [
      'five plays challenged off',
      game(
        Array.from({ length: 5 }, () => [
          move(0),
          makeEvent('PHONY_TILES_RETURNED', 0),
          move(1),
        ]).flat(),
        'STANDARD',
      ),
      false,
      'EXCESSIVE_PHONIES',
    ],
    [
      'three plays challenged off and two phonies left on the board',
      game(
        Array.from({ length: 3 }, () => [
          move(0),
          makeEvent('PHONY_TILES_RETURNED', 0),
          move(1),
        ]).flat(),
        'STANDARD',
        [100, 200],
        true,
        [2, 0],
      ),
      false,
      'EXCESSIVE_PHONIES',
    ],
    [
      'four phonies left on the board (under five)',
      game([move(0), move(1)], 'STANDARD', [100, 200], true, [4, 0]),
      false,
      'GOOD',
    ],
    [
      "the opponent's phonies are not one's own",
      game([move(0), move(1)], 'STANDARD', [100, 200], true, [0, 7]),
      false,
      'GOOD',
    ],
  ];
  for (const [what, g, denied, type] of cases) {
    it(`${what}: ${type}`, () => expect(classify(g, 0, denied, RULES)).toBe(type));
  }
  it('reads its numbers from NOTORIETY_RULES', () => {
    const rules = parseNotorietyRules('{"excessivePhonies": 2, "points": {"SANDBAG": 9}, "x": 1}');
    expect(rules.excessivePhonies).toBe(2);
    expect(rules.points.SANDBAG).toBe(9);
    expect(rules.points.NO_PLAY).toBe(6);
  });
});

describe('points, forgiveness and the automatic suspension', () => {
  let n = 0;
  const row = (p0: string, p1: string, extra: Partial<GameRow> = {}) =>
    ({
      id: `scripted${++n}`,
      player0_id: p0,
      player1_id: p1,
      bot_index: -1,
      rated: true,
      tournament_id: '',
      round: -1,
      request: { initialTimeSeconds: 600, lexicon: DEFAULT_LEXICON, variant: 'classic' },
      ...extra,
    }) as GameRow;
  const state = (events: GameEvent[], endReason: EndReason, scores: [number, number]) =>
    ({ events, endReason, scores }) as never;
  const sandbag = () => state([move(1), makeEvent('RESIGNED', 0)], 'RESIGNED', [0, 30]);
  const clean = () => state([move(0), move(1)], 'STANDARD', [300, 200]);

  const setup = () => {
    const suspensions: { userId: string; days: number; note: string }[] = [];
    const notoriety = new Notoriety(
      server.core.database.db,
      RULES,
      pino({ level: 'silent' }),
      async (userId, days, note) => {
        suspensions.push({ userId, days, note });
      },
      (r, events) => server.services.stats.unchallengedPhonies(r, events),
    );
    return { notoriety, suspensions };
  };

  it('adds points for bad games, forgives one per clean game, and suspends above 10 for (score − 10) days', async () => {
    const { notoriety, suspensions } = setup();
    const [a, b] = [`u-${Date.now()}-a`, `u-${Date.now()}-b`];
    await notoriety.gameEnded({ row: row(a, b), g: sandbag() });
    expect(await notoriety.score(a)).toBe(4);
    expect(await notoriety.score(b)).toBe(0);
    await notoriety.gameEnded({ row: row(a, b), g: clean() });
    expect(await notoriety.score(a)).toBe(3);
    await notoriety.gameEnded({ row: row(a, b), g: sandbag() });
    expect(await notoriety.score(a)).toBe(7);
    expect(suspensions).toEqual([]);
    // 7 + 6 (no play) = 13: three days.
    await notoriety.gameEnded({
      row: row(a, b),
      g: state([move(1), makeEvent('TIMED_OUT', 0)], 'TIME', [0, 30]),
    });
    expect(await notoriety.score(a)).toBe(13);
    expect(suspensions).toEqual([{ userId: a, days: 3, note: expect.stringContaining('NO_PLAY') }]);
    const report = await notoriety.report(a);
    expect(report.games.map((g) => g.type)).toEqual(['NO_PLAY', 'SANDBAG', 'SANDBAG']);
    await notoriety.reset(a);
    expect(await notoriety.report(a)).toEqual({ score: 0, games: [] });
  });

  it('counts phonies left on the board, as the game statistics find them in its lexicon', async () => {
    const { notoriety } = setup();
    const [a, b] = [`p-${Date.now()}-a`, `p-${Date.now()}-b`];
    const play = (p: number, word: string) =>
      makeEvent('TILE_PLACEMENT_MOVE', p, {
        score: 20,
        millisRemaining: 500_000,
        wordsFormed: [word],
      });
    // Player a leaves five made-up words on the board, b plays real ones.
    const events = ['ZQXVJ', 'QOXJV', 'XJQZV', 'VJXQZ', 'JZQXV'].flatMap((w) => [
      play(0, w),
      play(1, 'CAT'),
    ]);
    const r = row(a, b);
    expect(server.services.stats.unchallengedPhonies(r, events)).toEqual([5, 0]);
    await notoriety.gameEnded({ row: r, g: state(events, 'STANDARD', [200, 100]) });
    expect(await notoriety.report(a)).toMatchObject({
      score: 8,
      games: [{ type: 'EXCESSIVE_PHONIES' }],
    });
    expect(await notoriety.score(b)).toBe(0);
    // Four made-up words stay under the threshold.
    const fewer = events.slice(2);
    await notoriety.gameEnded({ row: row(b, a), g: state(fewer, 'STANDARD', [200, 100]) });
    expect(await notoriety.report(b)).toEqual({ score: 0, games: [] });
  });

  it('leaves tournament games, bot games and cancelled games alone', async () => {
    const { notoriety } = setup();
    const [a, b] = [`t-${Date.now()}-a`, `t-${Date.now()}-b`];
    await notoriety.gameEnded({
      row: row(a, b, { tournament_id: 'tourney', round: 2 }),
      g: sandbag(),
    });
    await notoriety.gameEnded({ row: row(a, b, { bot_index: 1 }), g: sandbag() });
    await notoriety.gameEnded({
      row: row(a, b),
      g: state([makeEvent('RESIGNED', 0)], 'CANCELLED', [0, 0]),
    });
    expect(await notoriety.report(a)).toEqual({ score: 0, games: [] });
  });
});

describe('a game played over the socket', () => {
  it('is classified at its end; the moderator reads the report and resets it', async () => {
    const p = await twoPlayers(server);
    const moderator = await registerUser(server);
    await server.core.roles.grant(moderator.userId, 'Moderator');
    const gameId = await startGame(p.sa, p.sb);
    p.sa.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
      gameId,
      type: Action.RESIGN,
    });
    await p.sa.next(MessageType.GAME_ENDED_EVENT);
    const report = () =>
      mod<{ score?: number; games?: { id: string; type: string }[] }>(
        server,
        'GetNotoriety',
        { userId: p.a.userId },
        moderator.cookie,
      );
    await vi.waitFor(async () => expect((await report()).body.score).toBe(4), { timeout: 10_000 });
    expect((await report()).body.games).toEqual([
      expect.objectContaining({ id: gameId, type: 'NOTORIOUS_GAME_TYPE_SANDBAG' }),
    ]);
    expect(
      (await mod(server, 'ResetNotoriety', { userId: p.a.userId }, moderator.cookie)).status,
    ).toBe(200);
    expect((await report()).body).toEqual({});
    p.close();
  }, 60_000);

  it('suspends rated games automatically above the threshold, and the player is told why and until when', async () => {
    const p = await twoPlayers(server);
    // Three rated games resigned at once: 12 points, two days.
    for (let i = 0; i < 3; i++) {
      // Back to the lobby, where seeks are heard.
      await Promise.all([p.sa.joinPath('/'), p.sb.joinPath('/')]);
      const gameId = await startGame(p.sa, p.sb);
      const from = p.sa.received.length;
      p.sa.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
        gameId,
        type: Action.RESIGN,
      });
      await p.sa.next(MessageType.GAME_ENDED_EVENT, from);
    }
    await vi.waitFor(
      async () => {
        const own = await mod<{ actions?: Record<string, { note: string; endTime: string }> }>(
          server,
          'GetOwnActions',
          {},
          p.a.cookie,
        );
        const s = own.body.actions?.SUSPEND_RATED_GAMES;
        expect(s?.note).toMatch(/notoriety 12/);
        const days = (new Date(s!.endTime).getTime() - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(1.99);
        expect(days).toBeLessThanOrEqual(2);
      },
      { timeout: 15_000 },
    );
    const message = await p.sa.nextWhere(MessageType.SERVER_MESSAGE, (m) =>
      /suspended from rated games until/.test(m.message as string),
    );
    expect(message).toBeDefined();
    p.close();
  }, 120_000);
});
