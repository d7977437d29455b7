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
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  appAndBrowser,
  bestMoves,
  bestPlays,
  caughtUp,
  confirm,
  control,
  freshTiles,
  isVertical,
  NodeSocket,
  phonyPlay,
  playByKeyboard,
  position,
  rack,
  serverPast,
  sessionCookie,
  tilesOnBoard,
  twoPlayersWithSecret,
  withPictures,
  describeInBrowser,
} from '../src/index.ts';

/**
 * Blindfold mode (/settings/secret) in a real browser: a player with no
 * board or rack on screen plays through typed commands against a second
 * player, and hears the answers.
 */

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
  const moves = bestPlays(g, 60);
  if (moves.length === 0) {
    const letters = Array.from(g.racks[g.playerOnTurn].tiles(), (t) => tileWord(g, t)).join(' ');
    throw new Error(`no play for ${letters} on the board`);
  }
  return moves.find((m) => !/[a-z]/.test(m.split(' ')[1])) ?? moves[0];
}

/** The B answer when `text` is the only word on the board. */
const onlyWord = (g: GameState, text: string) =>
  `${isVertical(text) ? 'Down' : 'Across'}: ${spelledOut(g, text)}.`;

/** What the room says when the opponent has played out (docs/product/gameplay.md §4, waiting for final pass). */
const FINAL_PASS = 'Your opponent has played their final tiles. You must pass or challenge.';

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

describeInBrowser('blindfold mode in the game room', () => {
  const app = appAndBrowser();
  const twoPlayers = (challengeRule?: ChallengeRule) =>
    twoPlayersWithSecret(app.server, app.browser, 'Blindfold', {
      challengeRule,
      initScript: NOTE_SPEECH,
    });

  it('a blindfolded player sees no tiles, asks for the rack and scores, plays 8H WORD by typing it, challenges a phony off, and hears its own phony challenged off', async () => {
    const { server } = app;
    const { a, b, names, gameId, aIndex } = await twoPlayers();
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
        // Reading one square of that play gives its letter (a blank's as "blank as C").
        const t = freshTiles(g, text)[0];
        const said = t.blank ? `blank as ${t.letter}` : t.letter;
        await expect(ask(a.page, `C ${t.square}`)).resolves.toBe(`${t.square}: ${said}.`);
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
      // Typed in lower case, the word leaves the app to choose which tile is the blank
      // when the rack also holds that letter (MATZa or MaTZA): the reply names the tiles played.
      const playedText = spelledOut(g, `${played.position} ${played.playedTiles}`);
      expect(playedText.toUpperCase()).toBe(spelledOut(g, text).toUpperCase());
      expect(said).toBe(`You played ${playedText} for ${played.score} points.`);
      // The opponent sees the tiles; the blindfolded player still does not.
      await caughtUp(b.page, after);
      await caughtUp(a.page, after);
      await expect(tilesOnBoard(b.page)).resolves.toBe(now.g.board.tileCount);
      await expect(tilesOnBoard(a.page)).resolves.toBe(0);
      if (firstPlay)
        await expect(ask(a.page, 'B')).resolves.toBe(
          onlyWord(g, `${played.position} ${played.playedTiles}`),
        );
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
    const { server } = app;
    const { a, b, names, gameId, aIndex } = await twoPlayers(ChallengeRule.VOID);
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
      const { server } = app;
      const { a, b, names, gameId, aIndex } = await twoPlayers();
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
              const plays = bestPlays(g, 60);
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
});
