import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorMessage } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { connect } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { argOf, openTool as toolDialog } from './director-tools.ts';
import { ANN, BOB, CAT, DAN, springDivision, TID, tournamentServer } from './harness.ts';

/**
 * What a TSH file knows beyond usernames (docs/product/tournaments.md
 * AddPlayers, SetPairing): printed names and classes entered by a director,
 * boards of over-the-board games, and where players see them.
 */

const LAZY = { timeout: 10_000 };

/**
 * Spring's division with printed names for ann and bob, their pairing on
 * board 3, and standings; cat and dan have no names and play on no board.
 */
function namedDivision() {
  const d = springDivision(0);
  const names: Record<string, string> = { [ANN]: 'Annis, Ann', [BOB]: 'Bobson, Robert' };
  const pairing = d.pairingMap[0].roundPairings[0];
  return {
    ...d,
    players: d.players.map((p) => ({ ...p, name: names[p.id] ?? '', className: 'A' })),
    pairingMap: {
      0: {
        roundPairings: [
          { ...pairing, board: 3 },
          { ...pairing, players: [2, 3] },
        ],
      },
    },
    standingsMap: {
      0: {
        standings: [
          { playerId: ANN, wins: 1, spread: 70 },
          { playerId: BOB, losses: 1, spread: -70 },
        ],
      },
    },
  };
}

const named = () => ({ divisions: { Open: namedDivision() }, started: true });

async function open(path: string, server: ReturnType<typeof tournamentServer>) {
  renderApp(path, { transport: server.transport });
  const who = server.whoIsLoggedIn();
  await connect(who ? { userId: 'u1', username: who } : {});
  return server;
}

function director(failures?: Record<string, string>) {
  return tournamentServer({
    loggedInAs: 'dora',
    directors: ['u1:dora', 'd2:rita:readonly'],
    failures,
  });
}

/** Director Tools, then the tool's dialog. */
async function openTool(label: string) {
  await userEvent.click(await screen.findByRole('tab', { name: 'Director Tools' }, LAZY));
  return toolDialog(label);
}

describe('Add players with printed names and classes', () => {
  it('sends a row’s name and class, and leaves them empty for a row without', async () => {
    const server = await open('/tournament/spring', director());
    const dialog = await openTool('Add players');
    const field = (label: string) => within(dialog).getByLabelText(label);
    await userEvent.type(field('Username 1'), 'jsmylie');
    await userEvent.type(field('Rating 1'), '1850');
    await userEvent.type(field('Name (as printed) 1'), ' Smylie,  Jackson ');
    await userEvent.type(field('Class 1'), 'A');
    await userEvent.type(field('Username 2'), 'zed');
    await userEvent.type(field('Rating 2'), '900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add players' }));
    expect(await screen.findByText('Players added')).toBeDefined();
    expect(argOf(server, 'addPlayers')).toMatchObject({
      id: TID,
      division: 'Open',
      persons: [
        { id: 'jsmylie', rating: 1850, name: 'Smylie, Jackson', className: 'A' },
        { id: 'zed', rating: 900, name: '', className: '' },
      ],
    });
  });

  it('names the row of a name a TSH file cannot hold, and shows the server’s refusal', async () => {
    const server = await open(
      '/tournament/spring',
      director({ addPlayers: errorMessage('TOURNAMENT_CLASS_INVALID', 'AA') }),
    );
    const dialog = await openTool('Add players');
    const field = (label: string) => within(dialog).getByLabelText(label);
    await userEvent.type(field('Username 1'), 'jsmylie');
    await userEvent.type(field('Rating 1'), '1850');
    await userEvent.type(field('Name (as printed) 1'), 'Smylie 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add players' }));
    expect(
      within(dialog).getByText(
        'Row 1: Names are 1 to 40 characters, without ; or #, and do not end in a number',
      ),
    ).toBeDefined();
    expect(argOf(server, 'addPlayers')).toBeUndefined();

    await userEvent.clear(field('Name (as printed) 1'));
    await userEvent.type(field('Class 1'), 'AA');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add players' }));
    expect(await screen.findByText('Classes are 1 to 8 letters or digits: AA')).toBeDefined();
    expect(argOf(server, 'addPlayers')).toMatchObject({ persons: [{ className: 'AA' }] });
  });
});

describe('Set single pairing with a board', () => {
  it('sends the board typed, none (0) when left empty, and refuses one past 9999', async () => {
    const server = await open('/tournament/spring', director());
    const pair = async (board: string) => {
      const dialog = await openTool('Set single pairing');
      await userEvent.selectOptions(within(dialog).getByLabelText('Player 1'), CAT);
      await userEvent.selectOptions(within(dialog).getByLabelText('Player 2'), DAN);
      if (board) await userEvent.type(within(dialog).getByLabelText('Board'), board);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Set pairing' }));
      return dialog;
    };
    const dialog = await pair('10000');
    expect(
      within(dialog).getByText('The board must be a number from 1 to 9999 (empty for none).'),
    ).toBeDefined();
    expect(argOf(server, 'setPairing')).toBeUndefined();
    await userEvent.clear(within(dialog).getByLabelText('Board'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set pairing' }));
    expect(await screen.findByText('Pairing set')).toBeDefined();
    await pair('7');
    await waitFor(() => expect(sentPairings(server)).toHaveLength(2));
    expect(sentPairings(server)).toEqual([
      expect.objectContaining({ playerOneId: CAT, playerTwoId: DAN, round: 0, board: 0 }),
      expect.objectContaining({ playerOneId: CAT, playerTwoId: DAN, round: 0, board: 7 }),
    ]);
  });
});

const sentPairings = (server: ReturnType<typeof tournamentServer>) =>
  server.calls
    .filter((c) => c.method === 'setPairing')
    .map((c) => (c.arg as { pairings: Record<string, unknown>[] }).pairings[0]);

describe('boards and printed names on the page', () => {
  it('puts the board and the printed names in the pairings, the standings and the player’s card', async () => {
    await open('/tournament/spring', tournamentServer({ loggedInAs: 'ann', full: named() }));
    const card = await screen.findByRole('region', { name: 'Your status' }, LAZY);
    expect(within(card).getByText('Time to start round 1!')).toBeDefined();
    expect(within(card).getByText('Board 3')).toBeDefined();
    const pairings = screen.getByRole('table', { name: 'Round 1 pairings' });
    expect(within(pairings).getByText('Board 3')).toBeDefined();
    expect(within(pairings).getByText('ann')).toBeDefined();
    expect(within(pairings).getByText('Annis, Ann')).toBeDefined();
    expect(within(pairings).getByText('Bobson, Robert')).toBeDefined();
    // cat and dan have neither a board nor printed names.
    const rows = within(pairings).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2].textContent).toBe('cat (#3, 0–0) vs dan (#4, 0–0)');
    expect(within(pairings).getAllByText(/^Board/)).toHaveLength(1);
    await userEvent.click(screen.getByRole('tab', { name: 'Standings' }));
    const standings = await screen.findByRole('table', { name: 'Standings of Open' });
    expect(within(standings).getAllByRole('row')[1].textContent).toBe('1annAnnis, Ann10+70');
  });

  it('greets a kiosk player by name and username, with their opponent and board', async () => {
    // Over the board: an online event's kiosk has no score form (issue 36, item 14).
    await open(
      '/tournament/spring?es=bbbbbbbb',
      tournamentServer({ full: named(), meta: { irlMode: true } }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Hello, Bobson, Robert (bob)!' }, LAZY),
    ).toBeDefined();
    expect(screen.getByText('Round 1: you play Annis, Ann (ann) (seed 1).')).toBeDefined();
    expect(screen.getByText('Board 3')).toBeDefined();
    // The score fields name both players as they are known at the board.
    expect(screen.getByLabelText("Bobson, Robert's score")).toBeDefined();
    expect(screen.getByLabelText("Annis, Ann's score")).toBeDefined();
    cleanup();
    // cat has no printed name, nor does dan, and their game has no board.
    await open(
      '/tournament/spring?es=cccccccc',
      tournamentServer({ full: named(), meta: { irlMode: true } }),
    );
    expect(await screen.findByRole('heading', { name: 'Hello, cat!' }, LAZY)).toBeDefined();
    expect(screen.getByText('Round 1: you play dan (seed 4).')).toBeDefined();
    expect(screen.getByLabelText("dan's score")).toBeDefined();
    expect(screen.queryByText(/Board/)).toBeNull();
  });

  it('lists a director’s entrants with their printed names and classes', async () => {
    const server = tournamentServer({
      loggedInAs: 'dora',
      directors: ['u1:dora'],
      full: named(),
    });
    await open('/tournament/spring', server);
    await userEvent.click(await screen.findByRole('tab', { name: 'Director Tools' }, LAZY));
    const entrants = screen.getByRole('region', { name: 'Entrants of Open' });
    const bob = within(entrants).getByText('Bobson, Robert').closest('li')!;
    expect(bob.textContent).toBe('✓ bobBobson, Robert 1700Class A');
  });
});
