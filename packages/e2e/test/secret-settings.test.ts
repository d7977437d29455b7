import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BLANK_BIT,
  LETTER_MASK,
  PLACEMENT_MESSAGES,
  parseCoord,
  type GameState,
} from '@tessera/engine';
import {
  ChallengeRule,
  ClientGameplayEventSchema,
  MessageType,
  clientMove,
} from '@tessera/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bestMoves,
  caughtUp,
  chromiumMissing,
  confirm,
  control,
  createGame,
  freshName,
  freshTiles,
  isVertical,
  launchBrowser,
  newSession,
  NodeSocket,
  phonyPlay,
  playByKeyboard,
  position,
  rack,
  registerInBrowser,
  serverPast,
  sessionCookie,
  square,
  startAppServer,
  type AppServer,
  type BrowserSession,
} from '../src/index.ts';

/**
 * The game room's secret settings (/settings/secret) in a real browser:
 * blindfold mode, played through typed commands against a second player,
 * and the telestrator, drawn with the mouse over the board.
 */

const missing = chromiumMissing();
if (missing) console.warn(`browser tests skipped: ${missing}`);

/** Turns a switch of /settings/secret on, as a person would, and checks it stays on. */
async function enableSecret(page: Page, label: string): Promise<void> {
  await page.goto('/settings/secret');
  const toggle = page.getByRole('switch', { name: label, exact: true });
  await expect(toggle.isChecked()).resolves.toBe(false);
  // The switch's track covers its checkbox: a person clicks the switch, that is its label.
  await page.locator('label', { has: toggle }).click();
  await expect(toggle.isChecked()).resolves.toBe(true);
  // Kept in this browser: still on after a reload.
  await page.reload();
  await expect(toggle.isChecked()).resolves.toBe(true);
}

const tilesOnBoard = (page: Page) => page.locator('.board [role="gridcell"] .tile').count();

// ----- blindfold -----

const commandLine = (page: Page) => page.getByRole('textbox', { name: 'Blindfold command' });
const answerLine = (page: Page) => page.getByRole('status', { name: 'Blindfold answer' });

/** Types a blindfold command and presses Enter; the answer shown once the line is taken. */
async function ask(page: Page, command: string): Promise<string> {
  await commandLine(page).fill(command);
  await commandLine(page).press('Enter');
  // The panel empties the line as it answers.
  await expect.poll(() => commandLine(page).inputValue()).toBe('');
  return (await answerLine(page).textContent()) ?? '';
}

/** Whether the answer shown is marked as an error. */
const answerIsError = async (page: Page) =>
  /\bblindfold-error\b/.test((await answerLine(page).getAttribute('class')) ?? '');

/** The text of the room's error toast for a refused move ("Invalid words: ..."). */
async function refusal(page: Page): Promise<string> {
  const toast = page.getByRole('alert').filter({ hasText: 'Invalid words' }).first();
  return (await toast.locator('.notification-body > span').textContent()) ?? '';
}

/**
 * Installed before the page loads: every utterance handed to the browser's
 * speech synthesis is noted (and still spoken), so a test can hear it.
 */
const NOTE_SPEECH = `(() => {
  const synth = window.speechSynthesis;
  window.__spoken = [];
  if (!synth) return;
  const speak = synth.speak.bind(synth);
  synth.speak = (u) => {
    // The rate is kept as a 32-bit float: 0.8 reads back as 0.800000011920929.
    window.__spoken.push({ text: u.text, rate: Math.round(u.rate * 100) / 100, lang: u.lang });
    speak(u);
  };
})()`;

/** The last utterance spoken on the page. */
const lastSpoken = (page: Page) =>
  page.evaluate('window.__spoken.at(-1) ?? null') as Promise<{
    text: string;
    rate: number;
    lang: string;
  } | null>;

/** The answer line once it reads `text` (answers to the opponent's moves arrive on their own), said aloud. */
async function hears(page: Page, text: string): Promise<void> {
  await expect.poll(() => answerLine(page).textContent(), { timeout: 15_000 }).toBe(text);
  await expect(lastSpoken(page)).resolves.toEqual({ text, rate: 0.8, lang: 'en-US' });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A tile as the blindfold reads it: "E", "blank". */
const tileWord = (g: GameState, t: number) => (t === 0 ? 'blank' : g.set.letters[t].rune);

/** A GCG placement ("8D WO.RD") with the letters it plays through spelled out ("8D WORLD"). */
function spelledOut(g: GameState, text: string): string {
  const [coords, word] = text.split(' ');
  const at = parseCoord(coords, g.board.dim);
  if (!at.ok) throw new Error(`not a placement: ${text}`);
  const { row, col, vertical } = at.value;
  const letters = Array.from(word, (ch, k) => {
    if (ch !== '.') return ch;
    const t = g.board.squares[(row + (vertical ? k : 0)) * g.board.dim + col + (vertical ? 0 : k)];
    const rune = g.set.letters[t & LETTER_MASK].rune;
    // A blank on the board is written in lower case, as GCG writes it.
    return t & BLANK_BIT ? rune.toLowerCase() : rune;
  });
  return `${coords} ${letters.join('')}`;
}

/** The best play without a blank (or the best play), as GCG. */
function bestPlay(g: GameState): string {
  const moves = bestMoves(g, 60).filter((m) => m.includes(' '));
  if (moves.length === 0) {
    const letters = Array.from(g.racks[g.playerOnTurn].tiles(), (t) => tileWord(g, t)).join(' ');
    throw new Error(`no play for ${letters} among ${JSON.stringify(bestMoves(g, 60))}`);
  }
  return moves.find((m) => !/[a-z]/.test(m.split(' ')[1])) ?? moves[0];
}

/** The B answer when `text` is the only word on the board. */
const onlyWord = (g: GameState, text: string) =>
  `${isVertical(text) ? 'Down' : 'Across'}: ${spelledOut(g, text)}.`;

/** What the room says when the opponent has played out (spec: gameplay §4, waiting for final pass). */
const FINAL_PASS = 'Your opponent has played their final tiles. You must pass or challenge.';

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

// ----- telestrator -----

const drawingLayer = (page: Page) => page.getByRole('img', { name: /^Drawing over the board/ });
const strokeCount = async (page: Page) =>
  Number(/(\d+) strokes?$/.exec((await drawingLayer(page).getAttribute('aria-label')) ?? '')?.[1]);

/** A mouse drag from one page point to another, in small steps. */
async function drag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  await page.mouse.move(to[0], to[1], { steps: 12 });
  await page.mouse.up();
  // Away from the board, so no hover colours a square in the pictures below.
  await page.mouse.move(1, 1);
}

/** A one-finger drag, as a touch screen sends it (the page's context needs `hasTouch`). */
async function fingerDrag(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const at = (k: number) => ({
    x: from[0] + ((to[0] - from[0]) * k) / 12,
    y: from[1] + ((to[1] - from[1]) * k) / 12,
  });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  // At a finger's pace (a frame apart), and held still before lifting: a fast
  // flick ends in a fling, and Chromium takes the next tap as stopping it.
  for (let k = 1; k <= 12; k++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(k)] });
    await new Promise((r) => setTimeout(r, 16));
  }
  await new Promise((r) => setTimeout(r, 100));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The colour the page shows at a point, read from a screenshot decoded by the browser. */
async function pixelAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({
    clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 },
  });
  return (await page.evaluate(`(async () => {
    const img = document.createElement('img');
    img.src = 'data:image/png;base64,${png.toString('base64')}';
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  })()`)) as [number, number, number];
}

/** The centre of a board square ("H8") on the page, measured now (the board may have moved). */
async function centreOf(page: Page, name: string): Promise<[number, number]> {
  const box = (await square(page, name).boundingBox())!;
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** The telestrator's red and blue pens. */
const RED = '#e53935';
const BLUE = '#1e6fe0';

/** Within `tolerance` of a CSS hex colour on every channel. */
function near(rgb: number[], hex: string, tolerance = 40): boolean {
  const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return rgb.every((v, i) => Math.abs(v - want[i]) <= tolerance);
}

describe.skipIf(missing !== undefined)('the secret settings of the game room', () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Two players in a fresh game, both pages open and caught up; `a` has turned `secret` on. */
  async function twoPlayers(secret: string, challengeRule?: ChallengeRule) {
    const a = await newSession(browser, server.url);
    const b = await newSession(browser, server.url);
    await a.context.addInitScript(NOTE_SPEECH);
    const names = [freshName('ann'), freshName('bob')];
    await registerInBrowser(a.page, names[0]);
    await registerInBrowser(b.page, names[1]);
    await enableSecret(a.page, secret);
    const gameId = await createGame(server, a, b, names[1], challengeRule);
    await Promise.all([a, b].map((s) => s.page.goto(`/game/${gameId}`)));
    const start = await position(server.services, gameId);
    const aIndex = start.g.players.findIndex((p) => p.nickname === names[0]);
    for (const s of [a, b]) await caughtUp(s.page, 0);
    return { a, b, names, gameId, aIndex };
  }

  /** Leaves a picture of each page behind when `body` fails. */
  async function withPictures(
    label: string,
    sessions: BrowserSession[],
    body: () => Promise<void>,
  ) {
    try {
      await body();
    } catch (err) {
      for (const [k, s] of sessions.entries()) {
        const path = join(tmpdir(), `tessera-${label}-failure-${k}.png`);
        await s.page.screenshot({ path }).catch(() => undefined);
        console.error(`screenshot: ${path}`);
      }
      throw err;
    }
  }

  it('a blindfolded player sees no tiles, asks for the rack and scores, plays 8H WORD by typing it, challenges a phony off, and hears its own phony challenged off', async () => {
    const { a, b, names, gameId, aIndex } = await twoPlayers('Blindfold');
    const bIndex = 1 - aIndex;
    const all = [a.page, b.page];
    await withPictures('blindfold', [a, b], async () => {
      // Nothing of the board's tiles or the rack shows; the command line does.
      await commandLine(a.page).waitFor();
      await rack(b.page).waitFor();
      await expect(rack(a.page).count()).resolves.toBe(0);
      await expect(tilesOnBoard(a.page)).resolves.toBe(0);

      let { g, eventCount } = await position(server.services, gameId);
      const who = (i: number) => (i === aIndex ? 'you' : names[i]);
      const rackWords = (p: GameState) =>
        `Your rack: ${Array.from(p.racks[aIndex].tiles(), (t) => tileWord(p, t)).join(', ')}.`;

      await expect(ask(a.page, 'W')).resolves.toBe(
        g.playerOnTurn === aIndex ? 'It is your turn.' : `It is ${names[bIndex]}’s turn.`,
      );
      await expect(ask(a.page, 'r')).resolves.toBe(rackWords(g));
      // Each answer is also spoken, at rate 0.8 in American English.
      await expect(lastSpoken(a.page)).resolves.toEqual({
        text: rackWords(g),
        rate: 0.8,
        lang: 'en-US',
      });
      await expect(answerIsError(a.page)).resolves.toBe(false);
      await expect(ask(a.page, 'S')).resolves.toBe(`Scores: ${who(0)} 0, ${who(1)} 0. Tied.`);

      // Commands it does not know, or half typed, are answered with what to type.
      await expect(ask(a.page, 'XYZZY')).resolves.toBe(
        'Unknown command: XYZZY. Type a coordinate and a word (8H WORD), PASS, CHAL, E, P, C, S, T, R, B, N, W or L.',
      );
      await expect(answerIsError(a.page)).resolves.toBe(true);
      await expect(ask(a.page, '8h')).resolves.toBe(
        'Type the word after the coordinate, for example 8H CAT.',
      );

      if (g.playerOnTurn === bIndex) {
        // A move on the player's behalf is refused while it is not their turn.
        await expect(ask(a.page, 'PASS')).resolves.toBe('It is not your turn.');
        await expect(answerIsError(a.page)).resolves.toBe(true);
        // The opponent plays on an ordinary board; the blindfolded player hears it.
        const text = bestPlay(g);
        await playByKeyboard(b.page, freshTiles(g, text), isVertical(text));
        await b.page.keyboard.press('Enter');
        eventCount = await serverPast(server, gameId, eventCount, all);
        const now = await position(server.services, gameId);
        await hears(
          a.page,
          `${capital(names[bIndex])} played ${spelledOut(g, text)} for ${points(now.g.events[eventCount - 1].score)}.`,
        );
        await caughtUp(a.page, eventCount);
        await expect(tilesOnBoard(a.page)).resolves.toBe(0);
        // Reading one square of that play gives its letter.
        const t = freshTiles(g, text)[0];
        await expect(ask(a.page, `C ${t.square}`)).resolves.toBe(`${t.square}: ${t.letter}.`);
        await expect(ask(a.page, 'B')).resolves.toBe(onlyWord(g, text));
        g = now.g;
      }

      // A play the rules refuse is explained, and nothing is sent.
      const [x, y] = Array.from(g.racks[aIndex].tiles()).filter((t) => t !== 0);
      await expect(ask(a.page, `1A ${tileWord(g, x)}${tileWord(g, y)}`)).resolves.toBe(
        g.board.tileCount === 0
          ? PLACEMENT_MESSAGES.MUST_COVER_CENTRE
          : PLACEMENT_MESSAGES.NOT_CONNECTED,
      );
      await expect(answerIsError(a.page)).resolves.toBe(true);

      // The best play, typed as "8H WORD" with any letters it plays through spelled out.
      const text = bestPlay(g);
      const firstPlay = g.board.tileCount === 0;
      const said = await ask(a.page, spelledOut(g, text).toLowerCase());
      const after = await serverPast(server, gameId, eventCount, all);
      const now = await position(server.services, gameId);
      const played = now.g.events[eventCount];
      expect(played).toMatchObject({ type: 'TILE_PLACEMENT_MOVE', playerIndex: aIndex });
      expect(played.position).toBe(text.split(' ')[0]);
      expect(said).toBe(`You played ${spelledOut(g, text)} for ${played.score} points.`);
      // The opponent sees the tiles; the blindfolded player still does not.
      await caughtUp(b.page, after);
      await caughtUp(a.page, after);
      await expect(tilesOnBoard(b.page)).resolves.toBe(now.g.board.tileCount);
      await expect(tilesOnBoard(a.page)).resolves.toBe(0);
      if (firstPlay) await expect(ask(a.page, 'B')).resolves.toBe(onlyWord(g, text));
      const scores = now.g.scores;
      const lead = scores[0] === scores[1] ? -1 : scores[0] > scores[1] ? 0 : 1;
      await expect(ask(a.page, 'S')).resolves.toBe(
        `Scores: ${who(0)} ${scores[0]}, ${who(1)} ${scores[1]}.` +
          (lead < 0
            ? ' Tied.'
            : ` ${capital(who(lead))} ${lead === aIndex ? 'lead' : 'leads'} by ${Math.abs(scores[0] - scores[1])}.`),
      );
      await expect(ask(a.page, 'R')).resolves.toBe(rackWords(now.g));

      // The opponent plays a phony; CHAL takes it off.
      const phony = phonyPlay(now.g);
      if (!phony) throw new Error('no phony on this rack');
      await playByKeyboard(b.page, phony.tiles, isVertical(phony.text));
      await b.page.keyboard.press('Enter');
      const phonied = await serverPast(server, gameId, after, all);
      await caughtUp(a.page, phonied);
      const phonyEvent = (await position(server.services, gameId)).g.events[phonied - 1];
      await hears(
        a.page,
        `${capital(names[bIndex])} played ${spelledOut(now.g, phony.text)} for ${points(phonyEvent.score)}.`,
      );
      // The challenge is sent, and its outcome is read out as it arrives.
      await ask(a.page, 'CHAL');
      const challenged = await serverPast(server, gameId, phonied, all);
      const end = await position(server.services, gameId);
      expect(end.g.events[challenged - 1].type).toBe('PHONY_TILES_RETURNED');
      expect(end.g.board.tileCount).toBe(now.g.board.tileCount);
      const off = `${capital(names[bIndex])}: Challenged off, ${points(-phonyEvent.score)}.`;
      await hears(a.page, off);
      await caughtUp(a.page, challenged);
      await expect(ask(a.page, 'L')).resolves.toBe(off);
      await expect(ask(a.page, 'W')).resolves.toBe('It is your turn.');

      // The blindfolded player plays a phony and the opponent challenges it off: they are told.
      const mine = phonyPlay(end.g);
      if (!mine) throw new Error('no phony on this rack');
      // Letters played through are said, not dots ("G6 ADZE", not "G6 AD..").
      const saidPhony = await ask(a.page, spelledOut(end.g, mine.text));
      const sent = await serverPast(server, gameId, challenged, all);
      const phonyScore = (await position(server.services, gameId)).g.events[sent - 1].score;
      expect(saidPhony).toBe(
        `You played ${spelledOut(end.g, mine.text)} for ${phonyScore} points.`,
      );
      await caughtUp(b.page, sent);
      await b.page.keyboard.press('3');
      await confirm(b.page, 'Challenge');
      const back = await serverPast(server, gameId, sent, all);
      const final = await position(server.services, gameId);
      const returned = final.g.events[back - 1];
      expect(returned).toMatchObject({ type: 'PHONY_TILES_RETURNED', playerIndex: aIndex });
      await hears(a.page, `You: Challenged off, ${points(-phonyScore)}.`);
      await caughtUp(a.page, back);
      await expect(ask(a.page, 'R')).resolves.toBe(rackWords(final.g));
    });
  }, 300_000);

  it('a blindfolded player is told when the server refuses a typed play (a phony under the void rule), then exchanges with E', async () => {
    const { a, b, names, gameId, aIndex } = await twoPlayers('Blindfold', ChallengeRule.VOID);
    const all = [a.page, b.page];
    await withPictures('blindfold-void', [a, b], async () => {
      let { g, eventCount } = await position(server.services, gameId);
      if (g.playerOnTurn !== aIndex) {
        await control(b.page, 'Pass').click();
        await confirm(b.page, 'Pass');
        eventCount = await serverPast(server, gameId, eventCount, all);
        await hears(a.page, `${capital(names[1 - aIndex])}: Passed.`);
        ({ g } = await position(server.services, gameId));
      }
      const phony = phonyPlay(g);
      if (!phony) throw new Error('no phony on this rack');
      await ask(a.page, spelledOut(g, phony.text));
      // The toast the room shows for the refusal is said and shown in the answer line too.
      await hears(a.page, `That move was refused: ${await refusal(a.page)}`);
      await expect(answerIsError(a.page)).resolves.toBe(true);
      expect((await server.services.games.row(gameId))!.event_count).toBe(eventCount);
      await expect(ask(a.page, 'W')).resolves.toBe('It is your turn.');
      await expect(ask(a.page, 'N')).resolves.toMatch(
        new RegExp(`^You are ${names[aIndex]}, playing ${names[1 - aIndex]}(, rated \\d+)?\\.$`),
      );

      // Still on turn, the player exchanges two tiles with E and reads the new rack.
      const two = Array.from(g.racks[aIndex].tiles())
        .filter((t) => t !== 0)
        .slice(0, 2)
        .map((t) => tileWord(g, t))
        .join('');
      await expect(ask(a.page, `e ${two.toLowerCase()}`)).resolves.toBe('You exchanged 2 tiles.');
      eventCount = await serverPast(server, gameId, eventCount, all);
      const after = await position(server.services, gameId);
      expect(after.g.events[eventCount - 1]).toMatchObject({
        type: 'EXCHANGE',
        playerIndex: aIndex,
      });
      await caughtUp(a.page, eventCount);
      await expect(ask(a.page, 'R')).resolves.toBe(
        `Your rack: ${Array.from(after.g.racks[aIndex].tiles(), (t) => tileWord(after.g, t)).join(', ')}.`,
      );
      await expect(ask(a.page, 'L')).resolves.toBe(`You: Exchanged ${two}.`);
    });
  }, 300_000);

  it(
    'a blindfolded player is told the opponent has played out and to pass or challenge; PASS ends the game and the board comes back',
    // A game played to its end may, rarely, end another way (both stuck): a new game then.
    { timeout: 300_000, retry: 2 },
    async () => {
      const { a, b, names, gameId, aIndex } = await twoPlayers('Blindfold');
      const bIndex = 1 - aIndex;
      const all = [a.page, b.page];
      const sockets = await Promise.all(
        [a, b].map(async (s) => NodeSocket.connect(server.url, await sessionCookie(s.context))),
      );
      await withPictures('blindfold-end', [a, b], async () => {
        try {
          // The game is played from Node up to its end: best plays while the bag has tiles;
          // then the blindfolded player passes and the opponent plays as many tiles as it
          // can, so that it is the opponent who plays out.
          let last = '';
          for (let turn = 0; turn < 120; turn++) {
            const { g, eventCount, player } = await position(server.services, gameId);
            if (g.playState !== 'PLAYING') break;
            let text = bestMoves(g, 1)[0] ?? '-';
            if (g.bag.size === 0) {
              const size = (m: string) => freshTiles(g, m).length;
              const plays = bestMoves(g, 60).filter((m) => m.includes(' '));
              const held = g.racks[player].size;
              if (player === bIndex) {
                text = plays.length ? plays.reduce((x, y) => (size(y) > size(x) ? y : x)) : '-';
                last = text;
              } else {
                // Passing, unless the opponent is stuck: then a play that keeps a tile back.
                const stuck = g.events.at(-1)?.type === 'PASS';
                text = (stuck && plays.find((m) => size(m) < held)) || '-';
              }
            }
            sockets[player === aIndex ? 0 : 1].send(
              MessageType.CLIENT_GAMEPLAY_EVENT,
              ClientGameplayEventSchema,
              clientMove(gameId, text, eventCount),
            );
            await serverPast(server, gameId, eventCount, all);
          }
          const { g, eventCount } = await position(server.services, gameId);
          if (g.playState !== 'WAITING_FOR_FINAL_PASS' || g.playerOnTurn !== aIndex) {
            const log = g.events.map((e) => `${e.playerIndex}:${e.type}:${e.position}:${e.score}`);
            throw new Error(
              `the opponent did not play out: ${g.playState}, ${last}, ${log.join(' ')}`,
            );
          }
          await caughtUp(a.page, eventCount);
          const out = g.events[eventCount - 1];
          expect(out).toMatchObject({ type: 'TILE_PLACEMENT_MOVE', playerIndex: bIndex });
          await hears(
            a.page,
            `${capital(names[bIndex])} played ${out.position} ${out.wordsFormed[0]} for ${points(out.score)}. ${FINAL_PASS}`,
          );
          // Only a pass or a challenge will do now.
          await expect(ask(a.page, 'e ab')).resolves.toBe(FINAL_PASS);
          await expect(answerIsError(a.page)).resolves.toBe(true);
          await expect(tilesOnBoard(a.page)).resolves.toBe(0);

          // The pass ends the game, and the command line goes with the blindfold.
          await commandLine(a.page).fill('PASS');
          await commandLine(a.page).press('Enter');
          const over = await serverPast(server, gameId, eventCount, all);
          await caughtUp(a.page, over);
          expect((await position(server.services, gameId)).g.playState).toBe('GAME_OVER');
          // After the game the blindfold comes off: the board shows its tiles again.
          await a.page.getByRole('heading', { name: 'Game over' }).waitFor();
          await expect(commandLine(a.page).count()).resolves.toBe(0);
          await expect(tilesOnBoard(a.page)).resolves.toBe(g.board.tileCount);
        } finally {
          for (const s of sockets) s.close();
        }
      });
    },
  );

  it('the telestrator draws a stroke by mouse over the board, rubs it out, clears, leaves keys typed into the chat alone, and goes with the next move', async () => {
    const { a, b, gameId, aIndex } = await twoPlayers('Telestrator');
    await withPictures('telestrator', [a, b], async () => {
      const page = a.page;
      const all = [a.page, b.page];
      const bar = page.getByRole('toolbar', { name: 'Telestrator' });
      const drawButton = bar.getByRole('button', { name: 'Draw on the board' });
      const clear = bar.getByRole('button', { name: 'Clear drawing' });
      const pressed = (l = drawButton) => l.getAttribute('aria-pressed');
      await bar.waitFor();
      // The setting belongs to this browser: the opponent has no telestrator.
      await rack(b.page).waitFor();
      await expect(b.page.getByRole('toolbar', { name: 'Telestrator' }).count()).resolves.toBe(0);

      // Strokes along row 5, from B5 to N5; the colour is read at the centre of H5.
      const from = await centreOf(page, 'B5');
      const to = await centreOf(page, 'N5');
      const mid = await centreOf(page, 'H5');
      const boardColour = await pixelAt(page, ...mid);
      expect(near(boardColour, RED), `board colour ${boardColour}`).toBe(false);
      expect(near(boardColour, BLUE), `board colour ${boardColour}`).toBe(false);

      // Not drawing yet: a drag over the board leaves no mark.
      await drag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(0);

      // Keys typed into the chat are text, not the drawing hotkey.
      const chat = page.getByRole('textbox', { name: 'Chat message' });
      await chat.click();
      await page.keyboard.type('10 out of 10');
      await expect(chat.inputValue()).resolves.toBe('10 out of 10');
      await expect(pressed()).resolves.toBe('false');
      await chat.blur();

      // Key 0 outside a field starts drawing; in the chat, 0 and Escape still do not stop it.
      await page.keyboard.press('0');
      await expect(pressed()).resolves.toBe('true');
      await chat.click();
      await page.keyboard.type(' 0');
      await page.keyboard.press('Escape');
      await expect(chat.inputValue()).resolves.toBe('10 out of 10 0');
      await expect(pressed()).resolves.toBe('true');
      await chat.blur();

      // A drag draws a red stroke over the board.
      await drag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(1);
      const red = await pixelAt(page, ...mid);
      expect(near(red, RED), `red stroke over H5, saw ${red}`).toBe(true);
      // Only the main button draws: a right click (for the browser's menu) leaves no dot.
      await page.mouse.click(...(await centreOf(page, 'D12')), { button: 'right' });
      await expect(strokeCount(page)).resolves.toBe(1);
      // The stroke went to the drawing, not to the board: no tile, no arrow.
      await expect(tilesOnBoard(page)).resolves.toBe(0);
      await expect(page.locator('.board .placement-arrow').count()).resolves.toBe(0);

      // The eraser rubs the stroke out where it crosses it.
      await bar.getByRole('button', { name: 'Eraser' }).click();
      await drag(page, [mid[0], mid[1] - 30], [mid[0], mid[1] + 30]);
      await expect(strokeCount(page)).resolves.toBe(0);
      await expect(pixelAt(page, ...mid)).resolves.toEqual(boardColour);

      // Two blue strokes, then Clear drawing takes them all away.
      await bar.getByRole('button', { name: 'Blue pen' }).click();
      await expect(pressed(bar.getByRole('button', { name: 'Blue pen' }))).resolves.toBe('true');
      await drag(page, from, to);
      await drag(page, await centreOf(page, 'C10'), await centreOf(page, 'L12'));
      await expect(strokeCount(page)).resolves.toBe(2);
      const blue = await pixelAt(page, ...mid);
      expect(near(blue, BLUE), `blue stroke over H5, saw ${blue}`).toBe(true);
      // A narrower window shrinks the board; the drawing stays over the same squares.
      await page.setViewportSize({ width: 1000, height: 700 });
      const moved = await centreOf(page, 'H5');
      expect(moved).not.toEqual(mid);
      const still = await pixelAt(page, ...moved);
      expect(near(still, BLUE), `blue stroke over H5 after a resize, saw ${still}`).toBe(true);
      await page.setViewportSize({ width: 1280, height: 800 });
      await clear.click();
      await expect(strokeCount(page)).resolves.toBe(0);
      await expect(pixelAt(page, ...mid)).resolves.toEqual(boardColour);
      await expect(clear.isDisabled()).resolves.toBe(true);

      // Escape stops drawing: a drag is a drag over the board again.
      await page.keyboard.press('Escape');
      await expect(pressed()).resolves.toBe('false');
      await drag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(0);

      // A drawing goes when the next move arrives (here a pass).
      await drawButton.click();
      await drag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(1);
      let { g, eventCount } = await position(server.services, gameId);
      const pass = async (mover: Page) => {
        await control(mover, 'Pass').click();
        await confirm(mover, 'Pass');
        eventCount = await serverPast(server, gameId, eventCount, all);
        await caughtUp(page, eventCount);
      };
      await pass(g.playerOnTurn === aIndex ? a.page : b.page);
      await expect(strokeCount(page)).resolves.toBe(0);
      await expect(pixelAt(page, ...(await centreOf(page, 'H5')))).resolves.toEqual(boardColour);
      if (g.playerOnTurn === aIndex) await pass(b.page);

      // Tiles laid on the board before drawing stay there when Escape ends the drawing,
      // and the play goes through.
      await page.keyboard.press('Escape');
      await expect(pressed()).resolves.toBe('false');
      ({ g, eventCount } = await position(server.services, gameId));
      expect(g.playerOnTurn).toBe(aIndex);
      const text = bestMoves(g).find((m) => m.includes(' '))!;
      const tiles = freshTiles(g, text);
      await playByKeyboard(page, tiles, isVertical(text));
      await expect(tilesOnBoard(page)).resolves.toBe(tiles.length);
      await page.keyboard.press('0');
      await drag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(1);
      await page.keyboard.press('Escape');
      await expect(pressed()).resolves.toBe('false');
      await expect(tilesOnBoard(page)).resolves.toBe(tiles.length);
      await expect(strokeCount(page)).resolves.toBe(1);
      await page.keyboard.press('Enter');
      eventCount = await serverPast(server, gameId, eventCount, all);
      const now = await position(server.services, gameId);
      expect(now.g.events[eventCount - 1]).toMatchObject({
        type: 'TILE_PLACEMENT_MOVE',
        position: text.split(' ')[0],
      });
      await caughtUp(page, eventCount);
      await expect(strokeCount(page)).resolves.toBe(0);
    });
  }, 300_000);

  it('an observer on a phone draws a whole stroke over the board with a finger, and draws nothing once Draw is off', async () => {
    const { gameId } = await twoPlayers('Telestrator');
    const phone = await newSession(
      browser,
      server.url,
      { width: 390, height: 844 },
      { hasTouch: true },
    );
    await withPictures('telestrator-phone', [phone], async () => {
      const page = phone.page;
      await registerInBrowser(page, freshName('cat'));
      await enableSecret(page, 'Telestrator');
      await page.goto(`/game/${gameId}`);
      await caughtUp(page, 0);
      // An observer: no rack, but the telestrator (commentary is what it is for).
      await expect(rack(page).count()).resolves.toBe(0);
      const bar = page.getByRole('toolbar', { name: 'Telestrator' });
      const drawButton = bar.getByRole('button', { name: 'Draw on the board' });
      await square(page, 'H8').scrollIntoViewIfNeeded();
      await drawButton.tap();
      await expect(drawButton.getAttribute('aria-pressed')).resolves.toBe('true');

      const scrolled = () => page.evaluate('window.scrollY') as Promise<number>;
      const before = await scrolled();
      const from = await centreOf(page, 'H3');
      const to = await centreOf(page, 'H13');
      await fingerDrag(page, from, to);
      await expect(strokeCount(page)).resolves.toBe(1);
      // The page stays put under the finger, and the stroke runs the whole way
      // (a touch the browser took for a scroll would be cut short).
      await expect(scrolled()).resolves.toBe(before);
      for (const name of ['H5', 'H11']) {
        const ink = await pixelAt(page, ...(await centreOf(page, name)));
        expect(near(ink, RED), `red stroke over ${name}, saw ${ink}`).toBe(true);
      }

      // Not drawing, a finger on the board draws nothing.
      await drawButton.tap();
      await expect(drawButton.getAttribute('aria-pressed')).resolves.toBe('false');
      await fingerDrag(page, await centreOf(page, 'C5'), await centreOf(page, 'C10'));
      await expect(strokeCount(page)).resolves.toBe(1);
    });
  }, 300_000);
});
