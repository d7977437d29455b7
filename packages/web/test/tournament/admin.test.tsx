import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TournamentType } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render-app.tsx';
import { TID, tournamentServer } from './harness.ts';

const LAZY = { timeout: 10_000 };

function admin(perms: string[]) {
  const server = tournamentServer({ loggedInAs: 'tess', perms });
  renderApp('/admin', { transport: server.transport });
  return server;
}

describe('the admin console’s tournament editor', () => {
  it('is only for administrators and Tournament Managers', async () => {
    admin([]);
    expect(
      await screen.findByText(/Only administrators, moderators and Tournament Managers/, {}, LAZY),
    ).toBeDefined();
    expect(screen.queryByRole('tab', { name: 'New Tournament' })).toBeNull();
  });

  it('creates a club with the fields its members choose, previewing it as typed', async () => {
    const server = admin(['can_manage_tournaments']);
    await userEvent.click(await screen.findByRole('tab', { name: 'New Tournament' }, LAZY));
    await userEvent.click(screen.getByRole('button', { name: 'Create tournament' }));
    expect(screen.getByText('You must enter a name for the tournament.')).toBeDefined();
    await userEvent.type(screen.getByLabelText('Name', { exact: true }), 'Madison Club');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'club');
    await userEvent.type(screen.getByLabelText('Directors'), 'tess, rita');
    await userEvent.click(screen.getByRole('checkbox', { name: 'lexicon' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Madison Club' })).toBeDefined();
    expect(within(preview).getByText(/Directed by/).parentElement!.textContent).toBe(
      'Directed by tess, rita',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create tournament' }));
    expect(await screen.findByText('Tournament created')).toBeDefined();
    const call = server.calls.find((c) => c.method === 'newTournament')!.arg;
    expect(call).toMatchObject({
      name: 'Madison Club',
      slug: '/club/madison-club',
      type: TournamentType.CLUB,
      directorUsernames: ['tess', 'rita'],
      freeformClubSettingFields: ['lexicon'],
    });
    expect(screen.getByRole('link', { name: '/club/madison-club' })).toBeDefined();
  });

  it('finds a tournament by its URL and saves its edits', async () => {
    const server = admin(['adm', 'can_manage_tournaments']);
    await screen.findByRole('tab', { name: 'Edit Tournament' }, LAZY);
    await userEvent.type(
      screen.getByLabelText('Tournament URL'),
      'https://x.example/tournament/nope',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('You tried to access a non-existing page.')).toBeDefined();
    await userEvent.clear(screen.getByLabelText('Tournament URL'));
    await userEvent.type(
      screen.getByLabelText('Tournament URL'),
      'https://x.example/tournament/spring/standings',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    const name = await screen.findByLabelText('Name', { exact: true });
    expect((name as HTMLInputElement).value).toBe('Spring Open');
    await userEvent.clear(name);
    await userEvent.type(name, 'Spring Open 2026');
    expect(
      within(screen.getByRole('region', { name: 'Preview' })).getByRole('heading', {
        name: 'Spring Open 2026',
      }),
    ).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Save tournament' }));
    expect(await screen.findByText('Tournament updated')).toBeDefined();
    const call = server.calls.find((c) => c.method === 'setTournamentMetadata')!.arg as {
      metadata: { id: string; name: string; description: string };
    };
    expect(call.metadata).toMatchObject({
      id: TID,
      name: 'Spring Open 2026',
      description: 'Three rounds in the park.',
    });
  });
});
