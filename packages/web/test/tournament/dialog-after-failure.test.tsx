import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERRORS, renderError } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { connect } from '../lobby/harness.ts';
import { renderApp } from '../render-app.tsx';
import { springDivision, tournamentServer } from './harness.ts';

/**
 * A director's dialog after a refused submit (issue 36 item 18): the error
 * toast moves out of the way of the dialog's close button (top right), and
 * Escape still closes the dialog even though the focus has left it.
 */
const CODE = ERRORS.TOURNAMENT_DIVISION_NOT_FINISHED.code;

async function refusedFinish() {
  const server = tournamentServer({
    loggedInAs: 'dora',
    directors: ['u1:dora'],
    failures: { finishTournament: `${CODE};Open` },
    full: { divisions: { Open: springDivision(2) }, started: true },
  });
  renderApp('/tournament/spring', { transport: server.transport });
  await connect({ userId: 'u1', username: 'dora' });
  await userEvent.click(
    await screen.findByRole('tab', { name: 'Director Tools' }, { timeout: 10_000 }),
  );
  const group = screen.getByRole('region', { name: 'Post-Tournament' });
  await userEvent.click(within(group).getByRole('button', { name: 'Finish tournament' }));
  const dialog = screen.getByRole('dialog', { name: 'Finish tournament' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Finish tournament' }));
  const toast = await screen.findByText(renderError(`${CODE};Open`));
  return { dialog, toast };
}

describe('a dialog after a refused submit', () => {
  it('keeps the error toast clear of the close button while the dialog is open', async () => {
    const { toast } = await refusedFinish();
    const corner = toast.closest('.notifications')!;
    expect(corner.classList.contains('notifications-below-dialog')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(corner.classList.contains('notifications-below-dialog')).toBe(false);
  });

  it('still closes on Escape when the focus has dropped to the page', async () => {
    await refusedFinish();
    // What a browser does when the submit button it had is disabled while the call runs.
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
