import jpeg from 'jpeg-js';
import {
  ClientGameplayEvent_Type,
  ClientGameplayEventSchema,
  MessageType,
} from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { bestMove, sendMove, startGame, twoPlayers, updateAfter } from './game-helpers.ts';
import { registerUser, rpc, uniqueName, useTestServer } from './harness.ts';

const server = useTestServer();

const call = (method: string, body: unknown, cookie?: string) =>
  rpc(server, 'ProfileService', method, body, { cookie });

/** A JPEG of the given size, made here with jpeg-js's encoder. */
function jpegOf(width: number, height: number): Uint8Array {
  const data = Buffer.alloc(width * height * 4, 0x80);
  return new Uint8Array(jpeg.encode({ data, width, height }, 80).data);
}

/** A valid PNG's first bytes (signature and header chunk), as a browser would send a renamed file. */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x60, 0x00, 0x00, 0x00, 0x60, 0x08, 0x06, 0x00, 0x00, 0x00, 0xe2, 0x98, 0x77,
  0x38,
]);

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const personal = (o: Record<string, string> = {}) => ({
  fullName: 'Ann Example',
  about: 'I like long words.',
  birthDate: '1990-05-17',
  email: `${uniqueName('mail')}@example.com`,
  firstName: 'Ann',
  lastName: 'Example',
  countryCode: 'fr',
  ...o,
});

describe('ProfileService', () => {
  it('refuses a visitor, and names an unknown user', async () => {
    const visitor = await call('GetProfile', { username: 'anyone' });
    expect(visitor.status).toBe(401);
    expect(visitor.error).toBe('Login or register to view your profile.');
    expect(visitor.body.message).toMatch(/^1150/);
    const games = await call('GetGames', { username: 'anyone' });
    expect(games.error).toBe('Login or register to view your profile.');
    const a = await registerUser(server);
    const unknown = await call('GetProfile', { username: 'nobody-here' }, a.cookie);
    expect(unknown.error).toBe('User not found.');
  });

  it('a finished game shows in statistics, ratings, rating history and the game table', async () => {
    const p = await twoPlayers(server);
    try {
      const gameId = await startGame(p.sa, p.sb);
      // One play, then the other player resigns.
      const m = await bestMove(server, gameId);
      const mover = p.byId(m.g.players[m.player].userId);
      const from = mover.received.length;
      sendMove(mover, gameId, m.text);
      await updateAfter(mover, m.eventCount, from);
      const other = mover === p.sa ? p.sb : p.sa;
      other.send(MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema, {
        gameId,
        type: ClientGameplayEvent_Type.RESIGN,
      });
      await other.next(MessageType.GAME_ENDED_EVENT);
      const moverName = mover === p.sa ? p.a : p.b;

      const profile = await call('GetProfile', { username: moverName.username }, p.a.cookie);
      expect(profile.status).toBe(200);
      const body = profile.body as Record<string, string | boolean>;
      const stats = JSON.parse(body.statsJson as string);
      expect(stats.summary).toMatchObject({ gamesPlayed: 1, gamesWon: 1 });
      const byKey = Object.values(stats.byKey)[0] as Record<string, number>;
      expect(byKey).toMatchObject({ Games: 1, Wins: 1, Turns: 1 });
      expect(byKey['High Turn']).toBeGreaterThan(0);
      expect(Object.keys(stats.byKey)).toEqual(['classic.rapid']);
      const ratings = JSON.parse(body.ratingsJson as string);
      const [key] = Object.keys(ratings);
      expect(ratings[key].r).toBeGreaterThan(1500);
      expect(ratings[key].d).toBeGreaterThan(0);
      expect(ratings[key].ts).toBeGreaterThan(0);

      const history = await call(
        'GetRatingHistory',
        { username: moverName.username, ratingKey: key },
        p.a.cookie,
      );
      expect(history.body).toMatchObject({ total: 1, points: [{ gameId, ratingKey: key }] });

      const games = await call('GetGames', { username: moverName.username }, p.b.cookie);
      expect(games.body).toMatchObject({ total: 1, games: [{ gameId }] });
      const past = await call('GetGames', { username: moverName.username, offset: 48 }, p.b.cookie);
      // Asked past the end: the last page that has games (JSON leaves out offset 0).
      expect(past.body).toMatchObject({ total: 1, games: [{ gameId }] });
      expect(past.body.offset ?? 0).toBe(0);

      // The rebuild from the history gives the same rows.
      const before = await server.services.stats.of(p.a.userId);
      expect(await server.services.stats.rebuild()).toBeGreaterThanOrEqual(1);
      expect(await server.services.stats.of(p.a.userId)).toEqual(before);
    } finally {
      p.close();
    }
  }, 60_000);

  it('personal info: every §5 rule refused with its message, then saved', async () => {
    const a = await registerUser(server);
    const b = await registerUser(server);
    const refusals: [Record<string, string>, string][] = [
      [{ email: '' }, 'Enter a valid email address'],
      [{ email: 'not-an-address' }, 'Enter a valid email address'],
      [{ birthDate: '1990-02-30' }, 'Please input your birth date'],
      [{ birthDate: '17/05/1990' }, 'Please input your birth date'],
      [{ birthDate: '2999-01-01' }, 'Please input your birth date'],
      [{ firstName: 'x'.repeat(51) }, 'Names can be at most 50 characters'],
      [{ fullName: 'x'.repeat(51) }, 'Names can be at most 50 characters'],
      [{ countryCode: 'zz' }, 'Unknown country code'],
      [{ about: 'x'.repeat(2001) }, 'About you can be at most 2000 characters.'],
      [{ email: `${b.username}@example.com` }, 'That email is already registered'],
    ];
    for (const [change, message] of refusals) {
      const r = await call('UpdatePersonalInfo', personal(change), a.cookie);
      expect(r.error, JSON.stringify(change)).toBe(message);
    }
    const info = personal();
    expect((await call('UpdatePersonalInfo', info, a.cookie)).status).toBe(200);
    const got = await call('GetPersonalInfo', {}, a.cookie);
    expect(got.body).toMatchObject({
      info: { ...info, email: info.email },
    });
    // Others see the bio and the country, never the birth date.
    const seen = await call('GetProfile', { username: a.username }, b.cookie);
    expect(seen.body).toMatchObject({
      about: info.about,
      countryCode: 'fr',
      fullName: 'Ann Example',
    });
    expect(seen.body.birthDate ?? '').toBe('');
    const own = await call('GetProfile', { username: a.username }, a.cookie);
    expect(own.body).toMatchObject({ birthDate: '1990-05-17', own: true, avatarsEditable: true });
  });

  it("a child's bio stays private", async () => {
    const viewer = await registerUser(server);
    const name = uniqueName('kid');
    const year = new Date().getUTCFullYear() - 9;
    const reg = await rpc(server, 'RegistrationService', 'Register', {
      username: name,
      password: 'correct horse',
      email: `${name}@example.com`,
      birthDate: `${year}-01-01`,
    });
    const cookie = reg.setCookie.find((c) => c.startsWith('tessera_session='))!.split(';')[0];
    await call('UpdatePersonalInfo', personal({ birthDate: `${year}-01-01` }), cookie);
    const seen = await call('GetProfile', { username: name }, viewer.cookie);
    expect(seen.body.about ?? '').toBe('');
    const own = await call('GetProfile', { username: name }, cookie);
    expect(own.body).toMatchObject({ about: 'I like long words.' });
    expect(own.body.avatarsEditable ?? false).toBe(false);
  });

  it('avatars: refused with codes unless a real 96×96 JPEG; served, shown briefly, removed', async () => {
    const a = await registerUser(server);
    const tries: [Uint8Array, string, string][] = [
      [PNG, '1151', 'The avatar must be a JPEG image.'],
      // Past the avatar's limit, and a 4 MB file past the server's request limit (1 MB) too.
      [new Uint8Array(300 * 1024).fill(0xff), '1152', 'The avatar file is too large'],
      [new Uint8Array(4 * 1024 * 1024).fill(0xff), '1152', 'The avatar file is too large (41943'],
      [jpegOf(97, 96), '1153', 'The avatar must be exactly 96×96 pixels; this one is 97×96.'],
      [jpegOf(96, 96).slice(0, 400), '1154', 'The avatar image could not be read'],
    ];
    for (const [bytes, code, text] of tries) {
      const r = await call('UpdateAvatar', { jpgData: b64(bytes) }, a.cookie);
      expect(r.body.message?.split(';')[0]).toBe(code);
      expect(r.error).toContain(text);
    }
    const good = jpegOf(96, 96);
    const up = await call('UpdateAvatar', { jpgData: b64(good) }, a.cookie);
    expect(up.status).toBe(200);
    const url = (up.body as { avatarUrl: string }).avatarUrl;
    expect(url).toMatch(new RegExp(`^/avatars/${a.userId}\\.jpg\\?v=1$`));
    const res = await fetch(`${server.url}${url}`);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(good);
    const brief = await call('GetBriefProfiles', { userIds: [a.userId, 'nobody'] });
    expect(brief.body).toEqual({
      response: { [a.userId]: { username: a.username, avatarUrl: url } },
    });
    expect((await call('RemoveAvatar', {}, a.cookie)).status).toBe(200);
    const after = await call('GetPersonalInfo', {}, a.cookie);
    expect((after.body as { info: { avatarUrl?: string } }).info.avatarUrl ?? '').toBe('');
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });
});
