import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenBox } from '../src/modules/integration/index.ts';
import { registerUser, rpc, startTestServer, type TestServer } from './harness.ts';
import { authorizeByHttp, type OidcServer, startOidcServer } from './oidc-server.ts';

// The redirect URI is never fetched here: the provider's redirect is read, not followed.
const PUBLIC_URL = 'http://tessera.test';
const CALLBACK = `${PUBLIC_URL}/integrations/membership/callback`;
const SECRET_KEY = 'integration-test-secret-key';

type User = Awaited<ReturnType<typeof registerUser>>;

/** The catalogue code a refusal carries. */
const codeOf = (r: { body: { message?: string } }) => Number(r.body.message?.split(';')[0]);

describe('integrations: OAuth 2 with PKCE against a real OpenID provider (community.md §4.7)', () => {
  let oidc: OidcServer;
  let server: TestServer;
  beforeAll(async () => {
    oidc = await startOidcServer([CALLBACK]);
    oidc.tiers.set('dora', 'Dalmatian');
    oidc.tiers.set('gus', 'Golden Retriever');
    server = await startTestServer({
      publicUrl: PUBLIC_URL,
      secretKey: SECRET_KEY,
      integrationProviders: [oidc.providerConfig('membership')],
    });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([server?.close(), oidc?.close()]);
  });

  /** POST /integrations/csrf as the user; the csrf cookie is added to the user's cookies. */
  async function start(u: { cookie: string }, body: unknown = { provider: 'membership' }) {
    const res = await fetch(`${server.url}/integrations/csrf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: u.cookie },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as {
      csrf?: string;
      state?: string;
      authorizeUrl?: string;
      message?: string;
    };
    const set = res.headers.getSetCookie().find((c) => c.startsWith('tessera_integration_csrf='));
    return { status: res.status, ...json, cookie: `${u.cookie}; ${set?.split(';')[0] ?? ''}` };
  }

  const complete = (cookie: string, body: Record<string, string>) =>
    rpc<{ integration?: Record<string, string>; redirect?: string }>(
      server,
      'IntegrationService',
      'CompleteIntegration',
      { provider: 'membership', ...body },
      { cookie },
    );
  const call = <T = Record<string, unknown>>(u: { cookie: string }, method: string, body = {}) =>
    rpc<T>(server, 'IntegrationService', method, body, { cookie: u.cookie });

  async function link(u: User, login: string, redirect = '/settings/integrations') {
    const s = await start(u, { provider: 'membership', redirect });
    expect(s.status).toBe(200);
    const back = await authorizeByHttp(s.authorizeUrl!, login, CALLBACK);
    return {
      start: s,
      back,
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    };
  }

  it('links a membership account: code with PKCE, the tier shown and BestBot open', async () => {
    const u = await registerUser(server);
    const s = await start(u, { provider: 'membership', redirect: '/settings/integrations' });
    const authorize = new URL(s.authorizeUrl!);
    expect(authorize.origin).toBe(oidc.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(CALLBACK);
    // The state carries the csrf token and the page to return to.
    const state = JSON.parse(
      Buffer.from(authorize.searchParams.get('state')!, 'base64url').toString(),
    );
    expect(state).toEqual({ csrf: s.csrf, redirect: '/settings/integrations' });

    const back = await authorizeByHttp(s.authorizeUrl!, 'dora', CALLBACK);
    const r = await complete(s.cookie, {
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    });
    expect(r.status).toBe(200);
    expect(r.body.redirect).toBe('/settings/integrations');
    expect(r.body.integration).toMatchObject({
      integrationName: 'membership',
      integrationDetails: 'dora',
      tierName: 'Dalmatian',
    });

    const list = await call<{ providers: unknown[]; integrations: { uuid: string }[] }>(
      u,
      'GetIntegrations',
    );
    expect(list.body.providers).toEqual([{ id: 'membership', displayName: 'Kennel Club' }]);
    expect(list.body.integrations).toHaveLength(1);
    const criteria = await call(u, 'GetSubscriptionCriteria');
    expect(criteria.body).toMatchObject({
      tierName: 'Dalmatian',
      gamesPerMonth: 50,
      entitledToBestBot: true,
    });

    // Tokens are sealed at rest with a key from SECRET_KEY, not kept in the clear.
    const rows = await sql<{ access_token: string; refresh_token: string | null }>`
      SELECT access_token, refresh_token FROM integrations WHERE user_id = ${u.userId}`.execute(
      server.core.database.db,
    );
    const sealed = rows.rows[0]!.access_token;
    expect(sealed.startsWith('v1.')).toBe(true);
    const token = new TokenBox(SECRET_KEY).open(sealed)!;
    expect(token.length).toBeGreaterThan(20);
    expect(sealed).not.toContain(token);
    expect(new TokenBox('another key').open(sealed)).toBeUndefined();
    // The provider takes the opened token: it is the real one.
    const me = await fetch(`${oidc.issuer}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { sub: string }).sub).toBe('dora');
  });

  it('refuses a state that is not one this site made, and a csrf token that does not match', async () => {
    const u = await registerUser(server);
    const l = await link(u, 'nora');
    expect(codeOf(await complete(l.start.cookie, { code: l.code, state: 'not a state!' }))).toBe(
      1180,
    );
    const forged = Buffer.from(
      JSON.stringify({ csrf: 'x'.repeat(43), redirect: '/settings/integrations' }),
    ).toString('base64url');
    expect(codeOf(await complete(l.start.cookie, { code: l.code, state: forged }))).toBe(1181);
    // The state's own csrf without the browser's cookie (another browser).
    expect(codeOf(await complete(u.cookie, { code: l.code, state: l.state }))).toBe(1181);
    // Another player holding both the state and the cookie: the request is not theirs.
    const other = await registerUser(server);
    const stolenCookie = `${other.cookie}; ${l.start.cookie.split('; ').at(-1)}`;
    expect(codeOf(await complete(stolenCookie, { code: l.code, state: l.state }))).toBe(1181);
    // A state whose return page is another site.
    const away = Buffer.from(
      JSON.stringify({ csrf: l.start.csrf, redirect: 'https://evil.example/' }),
    ).toString('base64url');
    expect(codeOf(await complete(l.start.cookie, { code: l.code, state: away }))).toBe(1180);
  });

  it('uses a state once, and the provider refuses a replayed code', async () => {
    const u = await registerUser(server);
    const l = await link(u, 'rex');
    const first = await complete(l.start.cookie, { code: l.code, state: l.state });
    expect(first.status).toBe(200);
    expect(first.body.integration?.tierName ?? '').toBe('');
    expect(codeOf(await complete(l.start.cookie, { code: l.code, state: l.state }))).toBe(1181);
    // The same code under a fresh request of this user: the provider says no.
    const again = await start(u);
    const r = await complete(again.cookie, { code: l.code, state: again.state! });
    expect(codeOf(r)).toBe(1182);
    expect(r.error).toMatch(/^Kennel Club refused the link: /);
  });

  it('unlinks: the integration and its membership go; a second unlink is refused', async () => {
    const u = await registerUser(server);
    const l = await link(u, 'gus');
    const r = await complete(l.start.cookie, { code: l.code, state: l.state });
    expect(r.body.integration?.tierName).toBe('Golden Retriever');
    const uuid = r.body.integration!.uuid!;
    const other = await registerUser(server);
    expect(codeOf(await call(other, 'DeleteIntegration', { uuid }))).toBe(1184);
    expect((await call(u, 'DeleteIntegration', { uuid })).status).toBe(200);
    expect(codeOf(await call(u, 'DeleteIntegration', { uuid }))).toBe(1184);
    expect(
      (await call<{ integrations: unknown[] }>(u, 'GetIntegrations')).body.integrations ?? [],
    ).toEqual([]);
    const criteria = await call(u, 'GetSubscriptionCriteria');
    expect(criteria.body.tierName ?? '').toBe('');
    expect(criteria.body.entitledToBestBot ?? false).toBe(false);
  });

  it('refuses with catalogue codes: provider, configuration, visitor, return page, declined, taken', async () => {
    const u = await registerUser(server);
    expect(codeOf({ body: await start(u, { provider: 'myspace' }) })).toBe(1168);
    expect(codeOf({ body: await start(u, { provider: 'streaming' }) })).toBe(1169);
    const visitor = await start({ cookie: '' });
    expect(visitor.status).toBe(401);
    expect(codeOf({ body: visitor })).toBe(1001);
    expect(
      codeOf({ body: await start(u, { provider: 'membership', redirect: '//evil.example/x' }) }),
    ).toBe(1186);
    expect(codeOf(await call({ cookie: '' }, 'GetIntegrations'))).toBe(1001);

    // The player declines at the provider: its abort page sends error=access_denied.
    const s = await start(u);
    const declined = await complete(s.cookie, { state: s.state!, error: 'access_denied' });
    expect(codeOf(declined)).toBe(1183);
    expect(declined.error).toBe('Linking was cancelled at Kennel Club.');
    expect(codeOf(await complete(s.cookie, { state: s.state!, code: '' }))).toBe(1181);
    const s2 = await start(u);
    expect(codeOf(await complete(s2.cookie, { state: s2.state!, code: '' }))).toBe(1187);

    // One provider account links to one player.
    const first = await link(u, 'tess');
    expect(
      (await complete(first.start.cookie, { code: first.code, state: first.state })).status,
    ).toBe(200);
    const v = await registerUser(server);
    const second = await link(v, 'tess');
    expect(
      codeOf(await complete(second.start.cookie, { code: second.code, state: second.state })),
    ).toBe(1185);
  });

  it('offers monthly support through the membership platform on the donate section', async () => {
    const r = await rpc<{ membershipName?: string }>(
      server,
      'DonationService',
      'GetDonationOptions',
      {},
    );
    expect(r.body.membershipName).toBe('Kennel Club');
  });
});
