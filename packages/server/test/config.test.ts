import { MessageType } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { startGame } from './game-helpers.ts';
import { registerUser, rpc, TestSocket, useTestServer } from './harness.ts';

const server = useTestServer();

const config = (method: string, body: unknown, cookie?: string) =>
  rpc(server, 'ConfigService', method, body, { cookie });
const complete = (prefix: string) =>
  rpc<{ users?: { uuid: string; username: string }[] }>(
    server,
    'AutocompleteService',
    'GetCompletion',
    { prefix },
  );

describe('player search by prefix', () => {
  it('finds players whose name starts with the prefix, whatever its case, shortest names first', async () => {
    const tag = `zq${Date.now().toString(36).slice(-5)}`;
    const long = await registerUser(server, `${tag}_longer`);
    const short = await registerUser(server, `${tag}A`);
    await registerUser(server, `x${tag}`);
    const r = await complete(tag.toUpperCase());
    expect(r.status).toBe(200);
    expect(r.body.users).toEqual([
      { uuid: short.userId, username: short.username },
      { uuid: long.userId, username: long.username },
    ]);
    // "_" is a username character, not a wildcard.
    expect((await complete(`${tag}_`)).body.users).toEqual([
      { uuid: long.userId, username: long.username },
    ]);
    expect((await complete(`${tag}%`)).body.users ?? []).toEqual([]);
  });

  it('refuses an empty or oversized prefix with a coded error', async () => {
    for (const prefix of ['', '   ', 'a'.repeat(21)]) {
      const r = await complete(prefix);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^1000;/);
      expect(r.error).toMatch(/^Invalid request: /);
    }
  });
});

describe('announcements', () => {
  it('an administrator sets the lobby announcements and everyone reads them', async () => {
    const admin = await registerUser(server);
    await server.core.roles.grant(admin.userId, 'Admin');
    const list = [
      { title: 'Spring open', link: '/tournament/spring', body: 'Sign up by Friday.' },
      { title: 'Maintenance', link: 'https://status.example.com/', body: 'Down at noon.' },
    ];
    expect((await config('SetAnnouncements', { announcements: list }, admin.cookie)).status).toBe(
      200,
    );
    const read = await config('GetAnnouncements', {});
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      announcements: list,
    });
  });

  it('refuses announcements from a visitor, a player or a moderator, and bad announcements from an admin', async () => {
    const before = (await config('GetAnnouncements', {})).body;
    const one = { announcements: [{ title: 'Free games!', link: '', body: '' }] };
    const anonymous = await config('SetAnnouncements', one);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toMatch(/^1001/);
    const player = await registerUser(server);
    const mod = await registerUser(server);
    await server.core.roles.grant(mod.userId, 'Moderator');
    for (const u of [player, mod]) {
      const r = await config('SetAnnouncements', one, u.cookie);
      expect(r.status).toBe(403);
      expect(r.body.message).toMatch(/^1002/);
      expect(r.error).toBe('You do not have permission to do that.');
    }

    const admin = await registerUser(server);
    await server.core.roles.grant(admin.userId, 'Admin');
    const ok = { title: 'T', link: '/events', body: 'B' };
    // [announcements, the catalogue code, the text the caller reads]
    const bad: [object[], number, string][] = [
      [[{ ...ok, title: '  ' }], 1430, 'Missing title'],
      [[{ ...ok, link: '' }], 1431, 'Missing link'],
      [[ok, { ...ok, body: '' }], 1432, 'Missing body'],
      [
        [{ ...ok, title: 'x'.repeat(101) }],
        1434,
        'Announcement 1: the title is longer than 100 characters.',
      ],
      [
        [{ ...ok, link: 'javascript:alert(1)' }],
        1435,
        expect.stringMatching(/^Announcement 1: the link/),
      ],
      // Browsers read a backslash as a slash: these leave the site.
      [[{ ...ok, link: '/\\evil.example' }], 1435, expect.any(String)],
      [[{ ...ok, link: '//evil.example' }], 1435, expect.any(String)],
      [[{ ...ok, link: 'https://evil.example\\@tessera' }], 1435, expect.any(String)],
      [
        Array.from({ length: 11 }, (_, i) => ({ ...ok, title: `n${i}` })),
        1433,
        'There can be at most 10 announcements.',
      ],
    ];
    for (const [announcements, code, text] of bad) {
      const r = await config('SetAnnouncements', { announcements }, admin.cookie);
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(new RegExp(`^${code}(;|$)`));
      expect(r.error).toEqual(text);
    }
    expect((await config('GetAnnouncements', {})).body).toEqual(before);
  });
});

describe('what the lobby is told on arrival', () => {
  it('sends the user their own ratings when the socket joins the lobby', async () => {
    const u = await registerUser(server);
    const s = await TestSocket.withToken(server, u.cookie, '/');
    expect(await s.next(MessageType.PROFILE_UPDATE)).toEqual(
      expect.objectContaining({ userId: u.userId }),
    );
    s.close();
  });

  it('counts correspondence games in progress for administrators only', async () => {
    const admin = await registerUser(server);
    await server.core.roles.grant(admin.userId, 'Admin');
    const count = async () =>
      Number((await config('GetCorrespondenceGameCount', {}, admin.cookie)).body.count ?? 0);
    const before = await count();
    const a = await registerUser(server);
    const b = await registerUser(server);
    const sa = await TestSocket.withToken(server, a.cookie, '/');
    const sb = await TestSocket.withToken(server, b.cookie, '/');
    await startGame(sa, sb, { correspondence: true });
    expect(await count()).toBe(before + 1);
    const refused = await config('GetCorrespondenceGameCount', {}, a.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^1002/);
    sa.close();
    sb.close();
  }, 60_000);
});
