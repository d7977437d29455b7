import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExportFormat, PairingMethod } from '@tessera/protocol';
import { describe, expect, it, vi } from 'vitest';
import { argOf, directorTools, openTool } from './director-tools.ts';
import { BOB, DAN, springDivision, TID } from './harness.ts';

describe('the Director Tools tab', () => {
  it('lists the entrants with check-in marks and ratings and the tournament id', async () => {
    await directorTools();
    expect(screen.getByRole('region', { name: 'Entrants of Masters' })).toBeDefined();
    const entrants = screen.getByRole('region', { name: 'Entrants of Open' });
    expect(within(entrants).getAllByLabelText('checked in')).toHaveLength(3);
    expect(within(entrants).getAllByLabelText('not checked in')).toHaveLength(1);
    expect(within(entrants).getByText('1700')).toBeDefined();
    expect(screen.getByText(TID)).toBeDefined();
    for (const group of [
      'General',
      'Pre-Tournament Setup',
      'Players',
      'In-Tournament',
      'Post-Tournament',
      'Danger',
    ])
      expect(screen.getByRole('region', { name: group })).toBeDefined();
  });

  it('marks a withdrawn player in the entrants and leaves them out of a pairing', async () => {
    const open = springDivision();
    open.players = open.players.map((p) => (p.id === DAN ? { ...p, suspended: true } : p));
    await directorTools({}, open);
    const entrants = screen.getByRole('region', { name: 'Entrants of Open' });
    expect(within(entrants).getByText('Open (3 players, 1 withdrawn)')).toBeDefined();
    const rows = within(entrants)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(rows.filter((r) => r.includes('Withdrawn'))).toEqual([expect.stringContaining('dan')]);
    const dialog = await openTool('Set single pairing');
    await userEvent.selectOptions(within(dialog).getByLabelText('Division'), 'Open');
    const options = within(within(dialog).getByLabelText('Player 1'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose a player', 'ann', 'bob', 'cat']);
  });

  it('renames a division, refusing an empty name first', async () => {
    const { server } = await directorTools();
    const dialog = await openTool('Rename division');
    await userEvent.selectOptions(within(dialog).getByLabelText('Division'), 'Open');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename division' }));
    expect(within(dialog).getByText('Please input division name')).toBeDefined();
    await userEvent.type(within(dialog).getByLabelText('New name'), 'Premier');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename division' }));
    expect(await screen.findByText('Division name changed')).toBeDefined();
    expect(argOf(server, 'renameDivision')).toMatchObject({
      id: TID,
      division: 'Open',
      newName: 'Premier',
    });
  });

  it('adds a read-only director with rating -1', async () => {
    const { server } = await directorTools();
    const dialog = await openTool('Manage Directors');
    expect(within(dialog).getByText('(read-only)')).toBeDefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add director' }));
    expect(within(dialog).getByText('Username is required.')).toBeDefined();
    await userEvent.type(within(dialog).getByLabelText('Director username'), 'ruth');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Read-only' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add director' }));
    expect(await screen.findByText('Director successfully added')).toBeDefined();
    expect(argOf(server, 'addDirectors')).toMatchObject({ persons: [{ id: 'ruth', rating: -1 }] });
  });

  it('pairs and unpairs a round, sending the round 0-based', async () => {
    const { server } = await directorTools();
    let dialog = await openTool('Pair entire round');
    await userEvent.clear(within(dialog).getByLabelText('Round'));
    await userEvent.type(within(dialog).getByLabelText('Round'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pair round' }));
    expect(await screen.findByText('Pair round completed')).toBeDefined();
    expect(argOf(server, 'pairRound')).toMatchObject({ round: 1, deletePairings: false });
    dialog = await openTool('Unpair entire round');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unpair round' }));
    expect(await screen.findByText('Pairings for selected round have been deleted')).toBeDefined();
    expect(server.calls.filter((c) => c.method === 'pairRound')[1].arg).toMatchObject({
      deletePairings: true,
    });
  });

  it('moves a player and sets round controls per round', async () => {
    const { server } = await directorTools();
    const move = await openTool('Move player to division');
    await userEvent.selectOptions(within(move).getByLabelText('From division'), 'Open');
    await userEvent.click(within(move).getByRole('button', { name: 'Move player' }));
    expect(within(move).getByText('You must select a player.')).toBeDefined();
    await userEvent.selectOptions(within(move).getByLabelText('Player'), BOB);
    await userEvent.click(within(move).getByRole('button', { name: 'Move player' }));
    expect(await screen.findByText('Player moved successfully')).toBeDefined();
    expect(argOf(server, 'movePlayer')).toMatchObject({
      playerId: BOB,
      sourceDivision: 'Open',
      targetDivision: 'Masters',
    });

    const rounds = await openTool('Set round controls');
    await userEvent.selectOptions(within(rounds).getByLabelText('Division'), 'Open');
    await userEvent.clear(within(rounds).getByLabelText('End round 1'));
    await userEvent.type(within(rounds).getByLabelText('End round 1'), '3');
    await userEvent.selectOptions(
      within(rounds).getByLabelText('Pairing method 1'),
      String(PairingMethod.COP),
    );
    await userEvent.click(within(rounds).getByRole('button', { name: 'Set round controls' }));
    expect(
      within(rounds).getByText(
        'COP can only be used for the second half of the tournament (round 3 and later)',
      ),
    ).toBeDefined();
    await userEvent.selectOptions(
      within(rounds).getByLabelText('Pairing method 1'),
      String(PairingMethod.SWISS),
    );
    await userEvent.click(within(rounds).getByRole('button', { name: 'Set round controls' }));
    expect(await screen.findByText('Controls set')).toBeDefined();
    const sent = argOf(server, 'setRoundControls') as {
      roundControls: { round: number; pairingMethod: number }[];
    };
    expect(sent.roundControls.map((c) => [c.round, c.pairingMethod])).toEqual([
      [0, PairingMethod.SWISS],
      [1, PairingMethod.SWISS],
      [2, PairingMethod.SWISS],
    ]);
  });

  it('disables the check-in button that would set the state it already has', async () => {
    const { server } = await directorTools({ checkinsOpen: false });
    const dialog = await openTool('Manage check-ins and registrations');
    const close = within(dialog).getByRole('button', {
      name: 'Close check-ins',
    }) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open check-ins' }));
    expect(await screen.findByText('Opened check-ins successfully.')).toBeDefined();
    expect(argOf(server, 'openCheckins')).toEqual(expect.objectContaining({ id: TID }));
  });

  it('exports one division as a TSH file', async () => {
    const { server } = await directorTools();
    const created = vi.fn(() => 'blob:x');
    const revoke = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoke }));
    const dialog = await openTool('Export tournament');
    // A .t file is one division's: the director chooses which, and there is no "all".
    const division = within(dialog).getByLabelText('Division');
    expect(within(division).queryByRole('option', { name: 'All divisions' })).toBeNull();
    await userEvent.selectOptions(division, 'Masters');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await vi.waitFor(() => expect(argOf(server, 'exportTournament')).toBeDefined());
    expect(argOf(server, 'exportTournament')).toMatchObject({
      id: TID,
      format: ExportFormat.TSH,
      division: 'Masters',
    });
    await vi.waitFor(() => expect(created).toHaveBeenCalled());
    vi.unstubAllGlobals();
  });
});
