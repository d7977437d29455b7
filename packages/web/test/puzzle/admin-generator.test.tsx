import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PuzzleService,
  PuzzleTag,
  WordService,
  type StartPuzzleGenJobRequest,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { MISSING_BUCKET_SIZE } from '../../src/features/admin/puzzle-job-form.ts';
import { fakeAccountServer } from '../fakes.ts';
import { renderApp } from '../render-app.tsx';
import { LEXICONS } from '../lobby/harness.ts';

/**
 * The generator's side of PuzzleService for the admin tab: it keeps the
 * jobs it was asked to start and pages their logs newest first, as the
 * server contract says (20 a page).
 */
function generatorServer(existingJobs: number) {
  const started: StartPuzzleGenJobRequest[] = [];
  const pages: { offset: number; limit: number }[] = [];
  const logs = Array.from({ length: existingJobs }, (_, i) => ({
    id: `job-${existingJobs - i}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, existingJobs - i)).toISOString(),
    completedAt: new Date(Date.UTC(2026, 0, 1, 1, existingJobs - i)).toISOString(),
    fulfilled: true,
    errorStatus: '',
    gamesConsidered: 10,
    puzzlesCreated: 5,
    bucketCounts: [5],
    request: { botVsBot: true, lexicon: 'SCOWL-EN', buckets: [{ size: 5 }] },
  }));
  const server = fakeAccountServer({
    loggedInAs: 'root',
    perms: ['adm'],
    extra(router) {
      router.service(WordService, {
        getLexicons: () => ({ defaultLexicon: 'SCOWL-EN', lexicons: LEXICONS, building: false }),
      });
      router.service(PuzzleService, {
        startPuzzleGenJob(req) {
          started.push(req);
          const id = `job-${logs.length + 1}`;
          logs.unshift({ ...logs[0], id, completedAt: '', request: req.request! });
          return { jobId: id };
        },
        getPuzzleJobLogs(req) {
          pages.push({ offset: req.offset, limit: req.limit });
          return { logs: logs.slice(req.offset, req.offset + (req.limit || 20)) };
        },
      });
    },
  });
  return { ...server, started, pages };
}

describe('the admin console’s Puzzle Generator', () => {
  it('checks the job form, starts the job and lists it first among the logs', async () => {
    const server = generatorServer(3);
    renderApp('/admin', { transport: server.transport });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('tab', { name: 'Puzzle Generator' }, { timeout: 10_000 }),
    );
    const form = await screen.findByRole('form', { name: 'New generation job' });
    await within(form).findByRole('option', { name: 'SCOWL-EN' });

    await user.click(within(form).getByRole('button', { name: 'Start job' }));
    expect(await within(form).findByText(MISSING_BUCKET_SIZE)).toBeDefined();
    expect(server.started).toHaveLength(0);

    await user.type(within(form).getByLabelText('Bucket 1 size'), '4');
    const bucket = within(form).getByRole('group', { name: 'Bucket 1' });
    const includes = within(bucket).getByRole('group', { name: 'Includes' });
    await user.click(within(includes).getByRole('checkbox', { name: 'Bingo' }));
    await user.click(within(form).getByRole('button', { name: 'Start job' }));
    expect(await within(form).findByText('Job job-4 started.')).toBeDefined();
    const sent = server.started[0].request!;
    expect(sent.lexicon).toBe('SCOWL-EN');
    expect(sent.gameConsiderationLimit).toBe(6000);
    expect(sent.equityLossTotalLimit).toBe(150);
    expect(sent.buckets.map((b) => [b.size, b.includes])).toEqual([
      [4, [PuzzleTag.EQUITY, PuzzleTag.BINGO]],
    ]);

    const logs = screen.getByRole('region', { name: 'Job logs' });
    await waitFor(() =>
      expect(within(logs).getAllByRole('row')[1].textContent).toContain('Running'),
    );
  });

  it('shows the logs twenty to a page', async () => {
    const server = generatorServer(23);
    renderApp('/admin', { transport: server.transport });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('tab', { name: 'Puzzle Generator' }, { timeout: 10_000 }),
    );
    const logs = await screen.findByRole('region', { name: 'Job logs' });
    await waitFor(() => expect(within(logs).getAllByRole('row')).toHaveLength(21));
    await user.click(within(logs).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(within(logs).getAllByRole('row')).toHaveLength(4));
    expect(within(logs).getByText('Page 2')).toBeDefined();
    expect(server.pages.at(-1)).toEqual({ offset: 20, limit: 20 });
    expect(within(logs).getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
  });
});
