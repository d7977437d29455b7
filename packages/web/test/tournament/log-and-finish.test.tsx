import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS, renderError } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { logTime } from '../../src/features/tournament/log-entries.ts';
import { connect } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { ANN, BOB, CAT, DAN, springDivision, TID, tournamentServer } from './harness.ts';

/**
 * The Tournament log tool (issue 28 scope 1): the event's log newest first,
 * saying who did what and when, and a division's standings as of a chosen
 * round; read-only directors may open it.
 */

const LAZY = { timeout: 10_000 };
const T0 = Date.UTC(2026, 4, 2, 9, 0, 0);
const at = (minutes: number) => ({ seconds: BigInt((T0 + minutes * 60_000) / 1000) });

const result = (round: number, scoreA: number, scoreB: number) =>
  JSON.stringify({ kind: 'result.set', division: 'Open', round, a: ANN, b: BOB, scoreA, scoreB });

const LOG = [
  {
    seq: 1n,
    kind: 'players.added',
    payload: JSON.stringify({
      kind: 'players.added',
      division: 'Open',
      players: [ANN, BOB, CAT, DAN].map((id) => ({ id, rating: 1500 })),
    }),
    actor: 'u1:dora',
    at: at(0),
  },
  {
    seq: 2n,
    kind: 'round.started',
    payload: JSON.stringify({ kind: 'round.started', division: 'Open', round: 0 }),
    actor: 'u1:dora',
    at: at(5),
  },
  { seq: 3n, kind: 'result.set', payload: result(0, 400, 350), actor: 'system', at: at(40) },
  { seq: 4n, kind: 'result.set', payload: result(0, 420, 380), actor: 'u1:dora', at: at(90) },
];

/** Round 1 standings as the server folds them: bob ahead before the amendment is not shown. */
const asOfRound = (round: number) => ({
  divisions: {
    Open: {
      ...springDivision(2),
      standingsMap: {
        [round]: {
          standings: [
            { playerId: ANN, wins: 1, losses: 0, spread: 40 },
            { playerId: CAT, wins: 1, losses: 0, spread: 12 },
            { playerId: DAN, wins: 0, losses: 1, spread: -12 },
            { playerId: BOB, wins: 0, losses: 1, spread: -40 },
          ],
        },
      },
    },
  },
  started: true,
});

async function openLog(as: { username: string; directors: string[] }) {
  const server = tournamentServer({
    loggedInAs: as.username,
    directors: as.directors,
    log: LOG,
    asOfRound,
    full: { divisions: { Open: springDivision(2) }, started: true },
  });
  renderApp('/tournament/spring', { transport: server.transport });
  await connect({ userId: 'u1', username: as.username });
  await userEvent.click(await screen.findByRole('tab', { name: 'Director Tools' }, LAZY));
  await userEvent.click(screen.getByRole('button', { name: 'Tournament log' }));
  return { server, dialog: screen.getByRole('dialog', { name: 'Tournament log' }) };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('the Tournament log', () => {
  it('lists who did what and when, newest first, marking an amended score', async () => {
    const { dialog } = await openLog({ username: 'dora', directors: ['u1:dora'] });
    const table = await within(dialog).findByRole('table', { name: 'Tournament log' });
    expect(rowsOf(table)).toEqual([
      [
        logTime(T0 + 90 * 60_000),
        'dora',
        'Open',
        'Result set: ann 420 – bob 380, round 1 (amendment)',
      ],
      [logTime(T0 + 40 * 60_000), 'system', 'Open', 'Result set: ann 400 – bob 350, round 1'],
      [logTime(T0 + 5 * 60_000), 'dora', 'Open', 'Round 1 opened'],
      [logTime(T0), 'dora', 'Open', 'Players added: ann, bob, cat, dan'],
    ]);
  });

  it("shows a division's standings as of the chosen round", async () => {
    const { server, dialog } = await openLog({ username: 'dora', directors: ['u1:dora'] });
    const picker = within(dialog).getByLabelText('As of round');
    expect((picker as HTMLSelectElement).value).toBe('2');
    await userEvent.selectOptions(picker, '0');
    const standings = await within(dialog).findByRole('table', { name: 'Standings of Open' });
    expect(rowsOf(standings).map((r) => [r[1], r[4]])).toEqual([
      ['ann', '+40'],
      ['cat', '+12'],
      ['dan', '-12'],
      ['bob', '-40'],
    ]);
    const asked = server.calls.filter((c) => c.method === 'getTournamentAsOfRound');
    expect(asked.at(-1)?.arg).toMatchObject({ id: TID, round: 0 });
  });

  it('is open to read-only directors, who get no other tool', async () => {
    const { dialog } = await openLog({
      username: 'rita',
      directors: ['d1:dora', 'u1:rita:readonly'],
    });
    expect(await within(dialog).findByRole('table', { name: 'Tournament log' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Manage Directors' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set game result' })).toBeNull();
  });
});

describe('the log time', () => {
  it("is written in the viewer's own time zone", () => {
    expect(logTime(T0, 'UTC')).toMatch(/\b0?9:00:00/);
    expect(logTime(T0, 'Asia/Tokyo')).toMatch(/\b(18|0?6):00:00/);
  });
});

describe('Finish tournament', () => {
  async function postTournament(o: { finished?: boolean; failures?: Record<string, string> }) {
    const server = tournamentServer({
      loggedInAs: 'dora',
      directors: ['u1:dora'],
      failures: o.failures,
      full: { divisions: { Open: springDivision(2) }, started: true, finished: o.finished },
    });
    renderApp('/tournament/spring', { transport: server.transport });
    await connect({ userId: 'u1', username: 'dora' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Director Tools' }, LAZY));
    return { server, group: screen.getByRole('region', { name: 'Post-Tournament' }) };
  }

  it('finishes a tournament once confirmed, with no Unfinish before', async () => {
    const { server, group } = await postTournament({});
    expect(within(group).queryByRole('button', { name: 'Unfinish tournament' })).toBeNull();
    await userEvent.click(within(group).getByRole('button', { name: 'Finish tournament' }));
    const dialog = screen.getByRole('dialog', { name: 'Finish tournament' });
    expect(server.calls.some((c) => c.method === 'finishTournament')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish tournament' }));
    expect(await screen.findByText('Tournament finished.')).toBeDefined();
    expect(server.calls.find((c) => c.method === 'finishTournament')?.arg).toMatchObject({
      id: TID,
    });
  });

  it("shows the server's refusal", async () => {
    const code = ERRORS.TOURNAMENT_DIVISION_NOT_FINISHED.code;
    const { group } = await postTournament({ failures: { finishTournament: `${code};Open` } });
    await userEvent.click(within(group).getByRole('button', { name: 'Finish tournament' }));
    const dialog = screen.getByRole('dialog', { name: 'Finish tournament' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish tournament' }));
    expect(await screen.findByText(renderError(`${code};Open`))).toBeDefined();
    expect(screen.queryByText('Tournament finished.')).toBeNull();
  });

  it('offers Unfinish instead once the tournament is finished', async () => {
    const { group } = await postTournament({ finished: true });
    expect(within(group).getByRole('button', { name: 'Unfinish tournament' })).toBeDefined();
    expect(within(group).queryByRole('button', { name: 'Finish tournament' })).toBeNull();
  });
});
