/**
 * The Director Tools tab as the director tests open it: Dora, executive
 * director of /tournament/spring (Rita a read-only director), with its two
 * divisions, Open (round 1 paired) and an empty Masters.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connect } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { springDivision, tournamentServer } from './harness.ts';

type Server = ReturnType<typeof tournamentServer>;

/** Renders the page logged in as Dora and opens Director Tools: the fake server and socket. */
export async function directorTools(
  meta: { checkinsOpen?: boolean; registrationOpen?: boolean } = {},
  open: ReturnType<typeof springDivision> = springDivision(),
) {
  const masters = { ...springDivision(), divisionId: 'Masters', players: [], pairingMap: {} };
  const server = tournamentServer({
    loggedInAs: 'dora',
    directors: ['u1:dora', 'd2:rita:readonly'],
    meta,
    full: { divisions: { Open: open, Masters: masters }, started: true },
  });
  renderApp('/tournament/spring', { transport: server.transport });
  const socket = await connect({ userId: 'u1', username: 'dora' });
  await userEvent.click(
    await screen.findByRole('tab', { name: 'Director Tools' }, { timeout: 10_000 }),
  );
  return { server, socket };
}

/** Clicks a tool's button: the dialog it opens. */
export async function openTool(label: string) {
  await userEvent.click(screen.getByRole('button', { name: label }));
  return screen.getByRole('dialog', { name: label });
}

/** What the page sent with its last-recorded call of `method`, if it made one. */
export const argOf = (server: Server, method: string) =>
  server.calls.find((c) => c.method === method)?.arg as Record<string, unknown> | undefined;
