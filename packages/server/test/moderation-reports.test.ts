import { MessageType } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { registerUser, TestSocket, useTestServer } from './harness.ts';
import { mod, post } from './moderation-helpers.ts';

/**
 * Players' reports (issue 39 item 6): a player reports a chat line; the
 * moderators' queue shows it with the lines around it; closing it records
 * what was done and takes it off the queue.
 */
const server = useTestServer();

interface Queue {
  reports?: {
    id: string;
    reporter: string;
    username: string;
    chatText: string;
    reason: string;
    messageId: string;
    context: { id: string; message: string }[];
  }[];
}

describe('reports', () => {
  it('a reported chat line reaches the queue with its context and is closed with the action taken', async () => {
    const reporter = await registerUser(server);
    const rude = await registerUser(server);
    const moderator = await registerUser(server);
    await server.core.roles.grant(moderator.userId, 'Moderator');
    const channel = 'chat.tournament.reportroom';
    const sr = await TestSocket.withToken(server, reporter.cookie, '/');
    const su = await TestSocket.withToken(server, rude.cookie, '/');
    await Promise.all([sr.next(MessageType.SESSION_INFO), su.next(MessageType.SESSION_INFO)]);
    for (const [s, text] of [
      [sr, 'hello all'],
      [su, 'you are all terrible'],
      [sr, 'that was uncalled for'],
    ] as const) {
      expect(await post(s, channel, text)).toBe('posted');
    }
    const line = (await server.services.chat.history(channel)).find(
      (l) => l.message === 'you are all terrible',
    )!;
    const filed = await mod(
      server,
      'ReportUser',
      { userId: rude.userId, channel, messageId: line.id, reason: 'insults' },
      reporter.cookie,
    );
    expect(filed.status).toBe(200);

    const queue = await mod<Queue>(server, 'GetReports', {}, moderator.cookie);
    const report = queue.body.reports!.find((r) => r.messageId === line.id)!;
    expect(report).toMatchObject({
      reporter: reporter.username,
      username: rude.username,
      chatText: 'you are all terrible',
      reason: 'insults',
    });
    expect(report.context.map((l) => l.message)).toEqual([
      'hello all',
      'you are all terrible',
      'that was uncalled for',
    ]);

    const blank = await mod(
      server,
      'CloseReport',
      { id: report.id, outcome: ' ' },
      moderator.cookie,
    );
    expect(blank.error).toMatch(/Say what was done about the report/);
    const closed = await mod(
      server,
      'CloseReport',
      { id: report.id, outcome: 'muted for a day' },
      moderator.cookie,
    );
    expect(closed.status).toBe(200);
    const after = await mod<Queue>(server, 'GetReports', {}, moderator.cookie);
    expect((after.body.reports ?? []).some((r) => r.id === report.id)).toBe(false);
    const twice = await mod(
      server,
      'CloseReport',
      { id: report.id, outcome: 'again' },
      moderator.cookie,
    );
    expect(twice.error).toBe('That report does not exist or is already closed.');
    sr.close();
    su.close();
  }, 60_000);

  it('refuses reports on oneself, on lines the user did not write, with long reasons, and floods', async () => {
    const reporter = await registerUser(server);
    const other = await registerUser(server);
    const self = await mod(server, 'ReportUser', { userId: reporter.userId }, reporter.cookie);
    expect(self.error).toBe('You cannot report yourself.');
    const notTheirs = await mod(
      server,
      'ReportUser',
      { userId: other.userId, channel: 'chat.lobby', messageId: 'no-such-line' },
      reporter.cookie,
    );
    expect(notTheirs.error).toBe('That chat message is no longer there.');
    const long = await mod(
      server,
      'ReportUser',
      { userId: other.userId, reason: 'x'.repeat(501) },
      reporter.cookie,
    );
    expect(long.error).toBe('The reason can be at most 500 characters.');
    for (let i = 0; i < 10; i++) {
      expect(
        (await mod(server, 'ReportUser', { userId: other.userId }, reporter.cookie)).status,
      ).toBe(200);
    }
    const flood = await mod(server, 'ReportUser', { userId: other.userId }, reporter.cookie);
    expect(flood.error).toBe(
      'You have 10 open reports; wait until a moderator has looked at them.',
    );
  }, 60_000);
});
