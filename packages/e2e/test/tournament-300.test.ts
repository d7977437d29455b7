/**
 * Issue 36's acceptance at scale: one director's page watches a 300-player
 * division through twelve rounds while the test drives the event through the
 * real API (the players are accounts, not browsers). Every round the page must
 * show the round opening, its 150 pairings, auto-start's 150 games (and the
 * database must hold exactly one game per pairing), then every result as the
 * director enters it. Results are entered by the director (SetResult), the
 * quickest path the spec allows; the games themselves are left running.
 */
import { DEFAULT_LEXICON } from '@tessera/lexica';
import { ChallengeRule, GameMode, RatingMode } from '@tessera/protocol';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { api } from '../src/monitoring.ts';
import {
  appAndBrowser,
  describeInBrowser,
  E2E_PASSWORD,
  freshName,
  newSession,
  registerInBrowser,
  sessionCookie,
  type AppServer,
} from '../src/index.ts';

const PLAYERS = 300;
const ROUNDS = 12;
const PAIRS = PLAYERS / 2;
const DIVISION = 'Open';
/** How long the page may take to show what a round's calls changed (a deadline, not a wait). */
const PAGE_DEADLINE_MS = 120_000;

/** Progress as the run goes (it takes minutes on a loaded machine). */
const note = (what: string) => console.log(`[300 players] ${new Date().toISOString()} ${what}`);

/** Runs `f` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, f: (x: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(f));
}

/** A player account through RegistrationService (no session kept: the director enters results). */
async function registerPlayer(server: AppServer, username: string): Promise<string> {
  await api(server, 'RegistrationService', 'Register', {
    username,
    password: E2E_PASSWORD,
    email: `${username}@example.org`,
    birthDate: '1990-05-17',
  });
  const account = await server.core.accounts.findByUsername(username);
  if (!account) throw new Error(`${username} was not registered`);
  return account.id;
}

/** The games the database holds for a round of the tournament (every one, paired or orphaned). */
async function gamesOfRound(server: AppServer, tournamentId: string, round: number) {
  return server.core.database.db
    .selectFrom('games' as never)
    .select(['id', 'player0_id', 'player1_id'] as never[])
    .where('tournament_id' as never, '=', tournamentId as never)
    .where('round' as never, '=', round as never)
    .execute() as Promise<{ id: string; player0_id: string; player1_id: string }[]>;
}

/** Waits (with a deadline) until the count of `what` on the page is `n`. */
async function pageCount(page: Page, what: () => Promise<number>, n: number, label: string) {
  await expect.poll(what, { timeout: PAGE_DEADLINE_MS, message: label }).toBe(n);
}

describeInBrowser('a 300-player division in the browser', () => {
  const app = appAndBrowser(300_000);

  it('the director’s page shows every round start, pairing, auto-started game and result through round 12', async () => {
    const { server, browser } = app;
    const director = await newSession(browser, server.url);
    const tdName = freshName('td');
    await registerInBrowser(director.page, tdName);
    const td = (await server.core.accounts.findByUsername(tdName))!;
    await server.core.roles.grant(td.id, 'Tournament Manager');
    const cookie = await sessionCookie(director.context);
    const call = async (method: string, body: unknown) =>
      (await api(server, 'TournamentService', method, body, cookie)).body;

    // 300 players, rated from 2100 down (seeded by rating).
    const tag = freshName('p').slice(0, 12);
    const names = Array.from({ length: PLAYERS }, (_, i) => `${tag}x${i}`);
    const userOf = new Map<string, string>();
    await inBatches(names, 6, async (n) => {
      userOf.set(await registerPlayer(server, n), n);
    });

    note('players registered');
    const slug = freshName('big');
    const made = await call('NewTournament', {
      slug,
      name: `Big ${slug}`,
      directorUsernames: [tdName],
    });
    const id = made.id as string;
    await call('AddDivision', { id, division: DIVISION });
    await call('AddPlayers', {
      id,
      division: DIVISION,
      persons: names.map((n, i) => ({ id: n, rating: 2100 - i })),
    });
    await call('SetRoundControls', {
      id,
      division: DIVISION,
      roundControls: Array.from({ length: ROUNDS }, (_, round) => ({
        round,
        pairingMethod: 'PAIRING_METHOD_SWISS',
        gamesPerRound: 1,
        maxRepeats: 1,
        allowOverMaxRepeats: true,
      })),
    });
    await call('SetDivisionControls', {
      id,
      division: DIVISION,
      suspendedResult: 'TOURNAMENT_GAME_RESULT_FORFEIT_LOSS',
      autoStart: true,
      gameRequest: {
        lexicon: DEFAULT_LEXICON,
        rules: { variantName: 'classic', boardLayoutName: 'CrosswordGame' },
        // Long enough that no game of the run times out while it is left running.
        initialTimeSeconds: 3600,
        challengeRule: ChallengeRule.DOUBLE,
        gameMode: GameMode.REAL_TIME,
        ratingMode: RatingMode.CASUAL,
        maxOvertimeMinutes: 1,
      },
    });

    // The director's page, on the Games tab; it counts its own refetches of the tournament.
    const page = director.page;
    let refetches = 0;
    page.on('request', (r) => {
      if (r.url().includes('TournamentService/GetTournament')) refetches += 1;
    });
    await page.goto(made.slug as string);
    await page.getByRole('heading', { level: 1, name: `Big ${slug}` }).waitFor();
    await page.getByRole('tab', { name: 'Games' }).click();
    const afterLoad = refetches;

    const timings: { round: number; openMs: number; resultsMs: number }[] = [];
    // Each player's record from the results as entered, for the final standings.
    const record = new Map(names.map((n) => [n, { wins: 0, losses: 0, spread: 0 }]));
    const tally = (winner: string, loser: string, margin: number) => {
      Object.assign(record.get(winner)!, {
        wins: record.get(winner)!.wins + 1,
        spread: record.get(winner)!.spread + margin,
      });
      Object.assign(record.get(loser)!, {
        losses: record.get(loser)!.losses + 1,
        spread: record.get(loser)!.spread - margin,
      });
    };
    for (let round = 0; round < ROUNDS; round++) {
      const label = `Round ${round + 1}`;
      const t0 = Date.now();
      if (round === 0) await call('StartRoundCountdown', { id, startAllRounds: true });
      else await call('StartRoundCountdown', { id, division: DIVISION, round });

      // Auto-start: one game per pairing, every player in exactly one.
      await expect
        .poll(async () => (await gamesOfRound(server, id, round)).length, {
          timeout: PAGE_DEADLINE_MS,
          message: `${label}: games auto-started`,
        })
        .toBe(PAIRS);
      const games = await gamesOfRound(server, id, round);
      const seated = games.flatMap((g) => [g.player0_id, g.player1_id]);
      expect(new Set(seated).size, `${label}: every player in one game`).toBe(PLAYERS);

      // The page: the round has opened, its 150 pairings are listed, each with its game to watch.
      const nav = page.getByRole('navigation', { name: 'Rounds' });
      await nav.getByRole('heading', { name: label, exact: true }).waitFor({
        timeout: PAGE_DEADLINE_MS,
      });
      const table = page.getByRole('table', { name: `${label} pairings` });
      const rows = table.locator('tbody tr');
      await pageCount(page, () => rows.count(), PAIRS, `${label}: pairings on the page`);
      await pageCount(
        page,
        () => table.getByRole('link', { name: /^Watch / }).count(),
        PAIRS,
        `${label}: auto-started games on the page`,
      );
      // Each pairing the page shows is the pair the game seats.
      const pairsShown = (await rows.locator('td:first-child').allTextContents()).length;
      expect(pairsShown).toBe(PAIRS);
      const openMs = Date.now() - t0;
      note(`${label}: opened, paired and started on the page in ${openMs} ms`);

      // The director enters every result, player one (seat 0) winning on even boards.
      const t1 = Date.now();
      const scores = new Map<string, [number, number]>();
      await inBatches(
        games.map((g, k) => ({ g, k })),
        4,
        async ({ g, k }) => {
          const win = 400 + ((k * 7 + round) % 90);
          const lose = 300 + ((k * 3 + round) % 90);
          const s: [number, number] = k % 2 === 0 ? [win, lose] : [lose, win];
          scores.set(g.id, s);
          const [one, two] = [userOf.get(g.player0_id)!, userOf.get(g.player1_id)!];
          if (s[0] > s[1]) tally(one, two, s[0] - s[1]);
          else tally(two, one, s[1] - s[0]);
          await call('SetResult', {
            id,
            division: DIVISION,
            round,
            playerOneId: userOf.get(g.player0_id),
            playerTwoId: userOf.get(g.player1_id),
            playerOneScore: s[0],
            playerTwoScore: s[1],
          });
        },
      );

      // The page shows every result: a winner in each row, no game left to watch.
      await pageCount(
        page,
        () => table.locator('.winner-tag').count(),
        PAIRS,
        `${label}: results on the page`,
      );
      await pageCount(
        page,
        () => table.getByRole('link', { name: /^Watch / }).count(),
        0,
        `${label}: no game left undecided on the page`,
      );
      // One row checked in full: both scores as entered.
      const g = games[0];
      const [s0, s1] = scores.get(g.id)!;
      const row = rows.filter({ hasText: userOf.get(g.player0_id)! }).filter({
        hasText: userOf.get(g.player1_id)!,
      });
      await expect.poll(() => row.textContent()).toMatch(new RegExp(`${s0}.${s1}|${s1}.${s0}`));
      timings.push({ round: round + 1, openMs, resultsMs: Date.now() - t1 });
      note(`${label}: results shown, ${Date.now() - t1} ms after the first was entered`);

      // Still one game per pairing once the round is over (nothing started late).
      expect((await gamesOfRound(server, id, round)).length).toBe(PAIRS);
    }

    // The standings tab: every player, the leader's record as the results make it.
    await page.getByRole('tab', { name: 'Standings' }).click();
    const standings = page.getByRole('table', { name: `Standings of ${DIVISION}` });
    await pageCount(page, () => standings.locator('tbody tr').count(), PLAYERS, 'standings rows');
    const best = [...record.values()].sort((a, b) => b.wins - a.wins || b.spread - a.spread)[0];
    const top = await standings.locator('tbody tr').first().locator('td').allTextContents();
    expect(top.slice(2).map((t) => Number(t.replace('\u2212', '-').replace('+', '')))).toEqual([
      best.wins,
      best.losses,
      best.spread,
    ]);
    console.log(
      JSON.stringify({
        test: 'tournament-300',
        players: PLAYERS,
        rounds: ROUNDS,
        pageRefetchesAfterLoad: refetches - afterLoad,
        timings,
      }),
    );
  }, 1_800_000);
});
