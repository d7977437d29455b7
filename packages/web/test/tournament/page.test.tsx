import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  errorMessage,
  MessageType,
  ReadyForTournamentGameSchema,
  TournamentGameEndedEventSchema,
  TournamentGameResult,
  TournamentReadyStateSchema,
  TournamentRoundStartedSchema,
  GameEndReason,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { connect, push, sentOf } from '../lobby/harness.ts';
import { IRL_NOTE } from '../../src/features/tournament/CompetitorCard.tsx';
import { TENTATIVE_BANNER } from '../../src/features/tournament/PairingsList.tsx';
import { KIOSK_ONLINE } from '../../src/features/tournament/kiosk.ts';
import { renderApp } from '../render-app.tsx';
import { ANN, BOB, springDivision, TID, tournamentServer } from './harness.ts';

const LAZY = { timeout: 10_000 };
const WIN = TournamentGameResult.WIN;
const LOSS = TournamentGameResult.LOSS;

async function open(path: string, server = tournamentServer()) {
  const app = renderApp(path, { transport: server.transport });
  const socket = await connect(
    server.whoIsLoggedIn() ? { userId: 'u1', username: server.whoIsLoggedIn()! } : {},
  );
  return { ...app, server, socket };
}

describe('the tournament page', () => {
  it('shows the info panel, the round’s pairings and the unpaired players to a visitor', async () => {
    await open('/tournament/spring', tournamentServer({ meta: { irlMode: true } }));
    expect(
      await screen.findByRole('heading', { level: 1, name: /Spring Open/ }, LAZY),
    ).toBeDefined();
    expect(screen.getByRole('img', { name: 'IRL mode' })).toBeDefined();
    expect(screen.getByText('Three rounds in the park.')).toBeDefined();
    const directors = screen.getByText(/Directed by/).parentElement!;
    expect(directors.textContent).toBe('Directed by dora, rita (read-only)');
    const pairings = await screen.findByRole('table', { name: 'Round 1 pairings' });
    expect(within(pairings).getByText('ann')).toBeDefined();
    expect(within(pairings).getByText('bob')).toBeDefined();
    const unpaired = screen.getByRole('region', { name: 'Unpaired players' });
    expect(within(unpaired).getByText('cat')).toBeDefined();
    // Visitors get no quick actions and no Director Tools.
    expect(within(unpaired).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Director Tools' })).toBeNull();
  });

  it('marks pairings made ahead of their round tentative, with an overlay for non-directors only', async () => {
    const division = springDivision(0);
    const ahead = {
      roundPairings: [{ players: [0, 2], round: 1, games: [], outcomes: [], readyStates: [] }],
    };
    const full = {
      divisions: { Open: { ...division, pairingMap: { ...division.pairingMap, 1: ahead } } },
      started: true,
    };
    await open('/tournament/spring', tournamentServer({ full }));
    await screen.findByRole('button', { name: /Round 2 ›/ }, LAZY);
    // Round 1 has no round before it to offer.
    expect(screen.queryByRole('button', { name: /‹ Round/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Round 2 ›/ }));
    expect(screen.getByRole('button', { name: '‹ Round 1' })).toBeDefined();
    expect(screen.getByText(TENTATIVE_BANNER)).toBeDefined();
    expect(screen.getByText('TENTATIVE')).toBeDefined();
  });

  it('shows directors tentative pairings without the overlay', async () => {
    const division = springDivision(0);
    const ahead = {
      roundPairings: [{ players: [0, 2], round: 1, games: [], outcomes: [], readyStates: [] }],
    };
    const full = {
      divisions: { Open: { ...division, pairingMap: { ...division.pairingMap, 1: ahead } } },
      started: true,
    };
    await open(
      '/tournament/spring',
      tournamentServer({ loggedInAs: 'rita', directors: ['d1:dora', 'u1:rita:readonly'], full }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /Round 2 ›/ }, LAZY));
    expect(screen.getByText(TENTATIVE_BANNER)).toBeDefined();
    expect(screen.queryByText('TENTATIVE')).toBeNull();
    // A read-only director sees the tools tab but cannot open rounds.
    expect(screen.getByRole('tab', { name: 'Director Tools' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Open Round 2' })).toBeNull();
  });

  it('sends a player in a game in progress back to it', async () => {
    const division = springDivision(0);
    const round = division.pairingMap[0].roundPairings[0];
    const playing = { ...round, games: [{ ...round.games[0], id: 'g7' }] };
    const full = {
      divisions: { Open: { ...division, pairingMap: { 0: { roundPairings: [playing] } } } },
      started: true,
    };
    await open('/tournament/spring', tournamentServer({ loggedInAs: 'ann', full }));
    const card = await screen.findByRole('region', { name: 'Your status' }, LAZY);
    expect(within(card).getByText('Good luck in your round 1 game!')).toBeDefined();
    expect(within(card).getByRole('link', { name: 'Resume' }).getAttribute('href')).toBe(
      '/game/g7',
    );
    expect(screen.getByRole('link', { name: 'Watch ann vs bob' }).getAttribute('href')).toBe(
      '/game/g7',
    );
  });

  it('says an unknown tournament is a non-existing page', async () => {
    await open('/tournament/nowhere');
    expect(
      await screen.findByText('You tried to access a non-existing page.', {}, LAZY),
    ).toBeDefined();
  });

  it('lets a player mark ready once, then follows the round to its recorded result', async () => {
    const { socket } = await open('/tournament/spring', tournamentServer({ loggedInAs: 'ann' }));
    const card = await screen.findByRole('region', { name: 'Your status' }, LAZY);
    expect(within(card).getByText('Time to start round 1!')).toBeDefined();
    const ready = within(card).getByRole('button', { name: "I'm ready" });
    await userEvent.click(ready);
    const sent = sentOf(
      socket,
      MessageType.READY_FOR_TOURNAMENT_GAME,
      ReadyForTournamentGameSchema,
    );
    expect(sent.map((m) => [m.tournamentId, m.division, m.round, m.playerId])).toEqual([
      [TID, 'Open', 0, ANN],
    ]);
    expect((ready as HTMLButtonElement).disabled).toBe(true);

    push(socket, MessageType.TOURNAMENT_READY_STATE, TournamentReadyStateSchema, {
      tournamentId: TID,
      division: 'Open',
      round: 0,
      playerId: ANN,
      ready: true,
    });
    expect(await within(card).findByText('Waiting for opponent')).toBeDefined();

    push(socket, MessageType.TOURNAMENT_GAME_ENDED, TournamentGameEndedEventSchema, {
      tournamentId: TID,
      division: 'Open',
      round: 0,
      gameIndex: 0,
      gameId: 'g1',
      players: [BOB, ANN],
      scores: [350, 420],
      results: [LOSS, WIN],
      endReason: GameEndReason.STANDARD,
      standings: {
        0: {
          standings: [
            { playerId: ANN, wins: 1, spread: 70 },
            { playerId: BOB, losses: 1, spread: -70 },
          ],
        },
      },
    });
    expect(await within(card).findByText('Your round 1 score has been recorded.')).toBeDefined();
    expect(within(card).getByText('Good luck in your next game!')).toBeDefined();
    const row = within(screen.getByRole('table', { name: 'Round 1 pairings' }));
    expect(row.getByText('420–350, ann won')).toBeDefined();
    expect(row.getByRole('link', { name: 'Analyze ann vs bob' }).getAttribute('href')).toBe(
      '/game/g1?turn=1',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Standings' }));
    const standings = await screen.findByRole('table', { name: 'Standings of Open' });
    const first = within(standings).getAllByRole('row')[1];
    expect(first.textContent).toBe('1ann10+70');
  });

  it('says standings are not yet available while a division has none', async () => {
    await open('/tournament/spring');
    await userEvent.click(await screen.findByRole('tab', { name: 'Standings' }, LAZY));
    expect(await screen.findByText('Standings are not yet available.')).toBeDefined();
    expect(screen.queryByRole('table', { name: 'Standings of Open' })).toBeNull();
  });

  it('offers no ready button in IRL mode: the game is played over the board', async () => {
    await open(
      '/tournament/spring',
      tournamentServer({ loggedInAs: 'ann', meta: { irlMode: true } }),
    );
    const card = await screen.findByRole('region', { name: 'Your status' }, LAZY);
    expect(within(card).getByText('Time to start round 1!')).toBeDefined();
    expect(within(card).getByText(IRL_NOTE)).toBeDefined();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('asks a logged-in newcomer to register in a division', async () => {
    const others = {
      ...springDivision(-1),
      players: springDivision(-1).players.slice(1),
      pairingMap: {},
    };
    const notStarted = { divisions: { Open: others }, started: false };
    const newcomer = tournamentServer({
      loggedInAs: 'zed',
      meta: { registrationOpen: true },
      full: notStarted,
    });
    await open('/tournament/spring', newcomer);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Register for this tournament' }, LAZY),
    );
    await waitFor(() =>
      expect(newcomer.calls.find((c) => c.method === 'register')?.arg).toMatchObject({
        id: TID,
        division: 'Open',
        register: true,
      }),
    );
  });

  it('asks a registered player to check in while check-ins are open', async () => {
    const notStarted = { divisions: { Open: springDivision(-1) }, started: false };
    const server = tournamentServer({
      loggedInAs: 'ann',
      meta: { checkinsOpen: true },
      full: {
        ...notStarted,
        divisions: {
          Open: {
            ...springDivision(-1),
            players: springDivision(-1).players.map((p) => ({ ...p, checkedIn: false })),
          },
        },
      },
    });
    await open('/tournament/spring', server);
    const card = await screen.findByRole('region', { name: 'Your status' }, LAZY);
    expect(within(card).getByText('Check-ins are open.')).toBeDefined();
    await userEvent.click(
      screen.getByRole('button', { name: 'Check into this tournament (division Open)' }),
    );
    await waitFor(() =>
      expect(server.calls.find((c) => c.method === 'checkIn')?.arg).toMatchObject({
        id: TID,
        checkin: true,
      }),
    );
  });

  it('counts the round as started when the realm says so', async () => {
    const full = { divisions: { Open: springDivision(-1) }, started: false };
    const { socket } = await open(
      '/tournament/spring',
      tournamentServer({ loggedInAs: 'ann', full }),
    );
    const card = await screen.findByRole('region', { name: 'Your status' }, LAZY);
    expect(within(card).getByText('Thanks for registering for Spring Open!')).toBeDefined();
    push(socket, MessageType.TOURNAMENT_ROUND_STARTED, TournamentRoundStartedSchema, {
      tournamentId: TID,
      division: 'Open',
      round: 0,
    });
    expect(await within(card).findByText('Time to start round 1!')).toBeDefined();
  });

  it('gives a director Open Round N and quick byes, and names the player when a round cannot open', async () => {
    const server = tournamentServer({
      loggedInAs: 'dora',
      directors: ['u1:dora', 'd2:rita:readonly'],
      failures: {
        startRoundCountdown: errorMessage('TOURNAMENT_PREVIOUS_ROUND_INCOMPLETE', '2', 'ann', '1'),
      },
    });
    await open('/tournament/spring', server);
    const unpaired = await screen.findByRole('region', { name: 'Unpaired players' }, LAZY);
    const catRow = within(unpaired).getByText('cat').closest('li')!;
    await userEvent.click(within(catRow).getByRole('button', { name: 'Bye (+50)' }));
    expect(await screen.findByText('Pairing set')).toBeDefined();
    const setPairing = server.calls.find((c) => c.method === 'setPairing')!.arg as {
      pairings: {
        playerOneId: string;
        playerTwoId: string;
        selfPlayResult: number;
        round: number;
      }[];
    };
    expect(setPairing.pairings[0]).toMatchObject({
      playerOneId: 'cccccccc-0003:cat',
      playerTwoId: 'cccccccc-0003:cat',
      selfPlayResult: TournamentGameResult.BYE,
      round: 0,
    });

    await userEvent.click(screen.getByRole('button', { name: /Round 2 ›/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Open Round 2' }));
    const notice = await screen.findByText('Round cannot be opened');
    expect(notice.parentElement!.textContent).toContain('ann has no result in round 1');
    expect(screen.getByRole('tab', { name: 'Director Tools' })).toBeDefined();
  });

  it('offers no score form in the kiosk of an online event, and says why', async () => {
    await open('/tournament/spring?es=bbbbbbbb');
    expect(await screen.findByRole('heading', { name: 'Hello, bob!' }, LAZY)).toBeDefined();
    expect(screen.getByText('Round 1: you play ann (seed 1).')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Submit score' })).toBeNull();
    expect(screen.getByText(KIOSK_ONLINE)).toBeDefined();
  });

  it('shows the kiosk for one player and submits both scores', async () => {
    const server = tournamentServer({ meta: { irlMode: true } });
    await open('/tournament/spring?es=bbbbbbbb', server);
    expect(await screen.findByRole('heading', { name: 'Hello, bob!' }, LAZY)).toBeDefined();
    expect(screen.getByText('You are seed 2 in Open.')).toBeDefined();
    expect(screen.getByText('Round 1: you play ann (seed 1).')).toBeDefined();
    expect(screen.getByText('You go second.')).toBeDefined();
    expect(screen.getByText('Not checked in yet: dan')).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Submit score' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText("bob's score"), '401');
    await userEvent.type(screen.getByLabelText("ann's score"), '388');
    await userEvent.click(screen.getByRole('button', { name: 'Submit score' }));
    expect(await screen.findByText('Result submitted')).toBeDefined();
    const call = server.calls.find((c) => c.method === 'setResult')!.arg as Record<string, unknown>;
    expect(call).toMatchObject({
      id: TID,
      division: 'Open',
      playerOneId: BOB,
      playerTwoId: ANN,
      playerOneScore: 401,
      playerTwoScore: 388,
      playerOneResult: WIN,
      playerTwoResult: LOSS,
    });
  });

  it('refuses an unknown kiosk id', async () => {
    await open('/tournament/spring?es=zzzzzzzz');
    expect(
      await screen.findByText('No player of this tournament has the id zzzzzzzz.', {}, LAZY),
    ).toBeDefined();
    await act(async () => {});
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit score' })).toBeNull());
  });
});
