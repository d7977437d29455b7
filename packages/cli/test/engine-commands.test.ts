import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { boardLayout, letterSet, cgp } from '@tessera/engine';
import { Bot, FastGame, Movegen, leavesFor } from '@tessera/engine/ai';
import { ensureLexicons } from '@tessera/lexica';
import { botMoveInWorker } from '../src/workers/bot-move.ts';

const run = promisify(execFile);
const bin = join(dirname(fileURLToPath(import.meta.url)), '../bin/tessera.mjs');
const testdata = fileURLToPath(new URL('../../../../shared/testdata/gcg/', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'tessera-engine-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const tessera = (...args: string[]) =>
  run(process.execPath, [bin, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LEXICON_BUILTINS: 'SCOWL-EN' },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      out: e.stdout,
      err: e.stderr,
    }),
  );

const OPENING = '15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 ADEEGIL/ 0/32 0 lex SCOWL-EN;';

describe('engine commands', () => {
  it('movegen lists the moves of a CGP best equity first, with the count of placements', async () => {
    const r = await tessera('movegen', '--cgp', OPENING, '--top', '5', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as {
      count: number;
      moves: { move: string; score: number; equity: number; leave: string }[];
    };
    expect(out.count).toBeGreaterThan(100);
    expect(out.moves.length).toBe(5);
    for (let i = 1; i < out.moves.length; i++)
      expect(out.moves[i].equity).toBeLessThanOrEqual(out.moves[i - 1].equity);
    expect(out.moves[0].move).toMatch(/^(\d+[A-O]|[A-O]\d+) [A-Za-z.]+$/);
  }, 120_000);

  it('autoplay prints the match summary as JSON', async () => {
    const r = await tessera(
      'autoplay',
      '--games',
      '4',
      '--p1',
      'HastyBot',
      '--p2',
      'prob3',
      '--seed',
      '3',
      '--json',
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as Record<string, number>;
    expect(Object.keys(out).sort()).toEqual(
      ['games', 'gamesPerSec', 'p1AvgScore', 'p1Wins', 'p2AvgScore', 'p2Wins', 'ties'].sort(),
    );
    expect(out.games).toBe(4);
    expect(out.p1Wins + out.p2Wins + out.ties).toBe(4);
  }, 120_000);

  it("autoplay takes the searching bots' time limits, and refuses bad ones", async () => {
    const bad = await tessera(
      'autoplay',
      '--games',
      '2',
      '--p1',
      'BestBot',
      '--p2',
      'hasty',
      '--sim-millis',
      '0',
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(
      '--sim-millis takes a whole number of milliseconds from 1 to 3600000',
    );
    const half = await tessera('autoplay', '--table', '--endgame-millis', '1.5');
    expect(half.code).toBe(2);
    expect(half.err).toContain('--endgame-millis takes a whole number');
    // One millisecond per simulation: BestBot still plays whole games.
    const r = await tessera(
      'autoplay',
      '--games',
      '1',
      '--p1',
      'BestBot',
      '--p2',
      'hasty',
      '--sim-millis',
      '1',
      '--endgame-millis',
      '1',
      '--json',
    );
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as { games: number }).games).toBe(1);
  }, 120_000);

  it('endgame solves a position with an empty bag and refuses one with tiles in the bag', async () => {
    // Two tiles each side; the unseen tiles are exactly the opponent's rack.
    const bagged = '15/15/15/15/15/15/15/3WINDY7/15/15/15/15/15/15/15 AT/EO 10/32 0 lex SCOWL-EN;';
    const bad = await tessera('endgame', '--cgp', bagged, '--json');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/not an endgame/);

    // A real endgame: hasty self-play until the bag is empty.
    const store = await ensureLexicons({ dataDir, lexiconDir: '/nonexistent', only: ['SCOWL-EN'] });
    const lexicon = store.load('SCOWL-EN');
    const set = letterSet('english');
    const layout = boardLayout('CrosswordGame');
    const game = new FastGame(new Movegen(lexicon, set, layout));
    const res = { lexicon, set, layout, leaves: leavesFor('SCOWL-EN', 'english') };
    const bot = new Bot('hasty', res, 1);
    game.startNew(7);
    while (!game.over && game.bagCount > 0) {
      const d = bot.choose(game);
      game.apply(d.list, d.index);
    }
    expect(game.over).toBe(false);
    const p = game.onTurn;
    const rack = (q: number) =>
      Uint8Array.from(
        Array.from(game.racks[q].slice(0, set.size)).flatMap((c, t) => Array<number>(c).fill(t)),
      );
    const text = cgp.writeCgp({
      letters: 'english',
      boardLayout: 'CrosswordGame',
      variant: 'classic',
      lexicon: 'SCOWL-EN',
      board: game.board.squares.slice(),
      racks: [rack(p), rack(1 - p)],
      scores: [game.scores[p], game.scores[1 - p]],
      scorelessTurns: game.scoreless,
      ops: [['lex', 'SCOWL-EN']],
    });
    const ok = await tessera('endgame', '--cgp', text, '--millis', '3000', '--json');
    expect(ok.code).toBe(0);
    const out = JSON.parse(ok.out) as {
      bestLine: { move: string; score: number }[];
      finalSpread: number;
      proven: boolean;
      exact: boolean;
    };
    expect(out.bestLine.length).toBeGreaterThan(0);
    expect(typeof out.finalSpread).toBe('number');
    expect(out.proven).toBe(out.exact);
  }, 120_000);

  it.skipIf(!existsSync(testdata))(
    'evaluate sets each player of a game record against the best moves, and refuses a bad file',
    async () => {
      const r = await tessera(
        'evaluate',
        '--gcg',
        join(testdata, 'gcgio-doug_v_emely.gcg'),
        '--json',
      );
      expect(r.code).toBe(0);
      const out = JSON.parse(r.out) as {
        players: { nickname: string; turns: number; equityLoss: number; missedBingos: number }[];
        turns: { player: number; played: string; best: string; equityLoss: number }[];
      };
      expect(out.players.map((p) => p.nickname)).toEqual(['doug', 'emely']);
      expect(out.players[0].turns + out.players[1].turns).toBe(out.turns.length);
      expect(out.turns.length).toBeGreaterThan(20);
      // A player's loss is the sum of their moves' losses.
      const doug = out.turns.filter((t) => t.player === 0).reduce((s, t) => s + t.equityLoss, 0);
      expect(out.players[0].equityLoss).toBeCloseTo(doug, 1);
      const text = await tessera('evaluate', '--gcg', join(testdata, 'gcgio-doug_v_emely.gcg'));
      expect(text.out).toMatch(/^doug: \d+ moves, equity loss [\d.]+ \([\d.]+ a move\)/);
      const missing = await tessera('evaluate', '--gcg', join(dataDir, 'none.gcg'));
      expect(missing.code).toBe(1);
      expect(missing.err).toMatch(/cannot read/);
      expect((await tessera('evaluate')).code).toBe(2);
    },
    120_000,
  );

  it('a bot move for a CGP comes back from a worker thread in GCG notation', async () => {
    process.env.DATA_DIR = dataDir;
    const r = await botMoveInWorker({ cgp: OPENING, bot: 'HastyBot', lexicon: 'SCOWL-EN' });
    expect(r).toEqual({
      ok: true,
      text: expect.stringMatching(/^(\d+[A-O]|[A-O]\d+) [A-Za-z.]+$|^-/),
    });
    const bad = await botMoveInWorker({ cgp: OPENING, bot: 'NoSuchBot', lexicon: 'SCOWL-EN' });
    expect(bad.ok).toBe(false);
  }, 120_000);
});
