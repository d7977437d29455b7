import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageType, TournamentMetadataMessageSchema, TournamentType } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { push } from '../lobby/harness.ts';
import { argOf, directorTools, openTool } from './director-tools.ts';
import { BOB, TID } from './harness.ts';

/**
 * The director tools' success messages of docs/product/tournaments.md §8
 * (each after the call went through) and their dialogs, 800 px wide (§2,
 * §9).
 */

/** The width the dialog's backdrop hands its panel (tournament.css reads it). */
const widthOf = (dialog: HTMLElement) =>
  dialog.closest<HTMLElement>('.tourney-dialog')?.style.getPropertyValue('--tourney-dialog-width');

describe('the director tools’ success messages', () => {
  it('Division removed, in an 800 px dialog', async () => {
    const { server } = await directorTools();
    const dialog = await openTool('Remove division');
    expect(widthOf(dialog)).toBe('800px');
    await userEvent.selectOptions(within(dialog).getByLabelText('Division'), 'Masters');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove division' }));
    expect(await screen.findByText('Division removed')).toBeDefined();
    expect(argOf(server, 'removeDivision')).toMatchObject({ id: TID, division: 'Masters' });
  });

  it('Player removed, in an 800 px dialog', async () => {
    const { server } = await directorTools();
    const dialog = await openTool('Remove player');
    expect(widthOf(dialog)).toBe('800px');
    await userEvent.selectOptions(within(dialog).getByLabelText('Division'), 'Open');
    await userEvent.selectOptions(within(dialog).getByLabelText('Player'), BOB);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove player' }));
    expect(await screen.findByText('Player removed')).toBeDefined();
    expect(argOf(server, 'removePlayers')).toMatchObject({
      id: TID,
      division: 'Open',
      persons: [{ id: BOB }],
    });
  });

  it('registration closed and opened, check-ins cleared, unchecked-in players deleted', async () => {
    const { server, socket } = await directorTools({
      checkinsOpen: false,
      registrationOpen: false,
    });
    const dialog = await openTool('Manage check-ins and registrations');
    const button = (name: string) =>
      within(dialog).getByRole('button', { name }) as HTMLButtonElement;
    expect(button('Close registration').disabled).toBe(true);
    // The server tells the page registration is open (and a new name): now it can be closed.
    push(socket, MessageType.TOURNAMENT_METADATA, TournamentMetadataMessageSchema, {
      metadata: {
        id: TID,
        name: 'Spring Classic',
        slug: '/tournament/spring',
        type: TournamentType.STANDARD,
        registrationOpen: true,
      },
      directors: ['u1:dora', 'd2:rita:readonly'],
    });
    await waitFor(() => expect(button('Open registration').disabled).toBe(true));
    expect(screen.getByRole('heading', { level: 1, name: /Spring Classic/ })).toBeDefined();
    await userEvent.click(button('Close registration'));
    expect(await screen.findByText('Closed registration successfully.')).toBeDefined();
    expect(argOf(server, 'closeRegistration')).toMatchObject({ id: TID });

    // Asked again after the call, the (fake) server has registration closed.
    await waitFor(() => expect(button('Open registration').disabled).toBe(false));
    await userEvent.click(button('Open registration'));
    expect(await screen.findByText('Opened registration successfully.')).toBeDefined();
    expect(argOf(server, 'openRegistration')).toMatchObject({ id: TID });

    await userEvent.click(button('Clear all check-ins'));
    expect(await screen.findByText('All check-ins cleared successfully.')).toBeDefined();
    expect(argOf(server, 'uncheckAllIn')).toMatchObject({ id: TID });

    await userEvent.click(button('Delete unchecked-in players'));
    expect(await screen.findByText('Deleted unchecked-in players successfully.')).toBeDefined();
    expect(argOf(server, 'removeAllPlayersNotCheckedIn')).toMatchObject({ id: TID });
  });

  it('Director successfully removed', async () => {
    const { server } = await directorTools();
    const dialog = await openTool('Manage Directors');
    // The executive director stays: no Remove on Dora, and her name reads on its own.
    expect(within(dialog).queryByRole('button', { name: 'Remove director dora' })).toBeNull();
    const items = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['dora (executive)', 'rita (read-only) Remove']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove director rita' }));
    expect(await screen.findByText('Director successfully removed')).toBeDefined();
    expect(argOf(server, 'removeDirectors')).toMatchObject({
      id: TID,
      persons: [{ id: 'd2:rita' }],
    });
  });
});
