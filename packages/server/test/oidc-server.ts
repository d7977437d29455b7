import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OAuth 2 / OpenID Connect server for the integration tests: the npm
 * `oidc-provider` (MIT), in this process, with one confidential client, PKCE
 * required, its development login and consent pages (any login name is an
 * account) and a custom `tier` claim given by the `membership` scope.
 */
export interface OidcServer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The environment a Tessera server needs for this provider as its membership platform. */
  providerConfig(kind: 'membership' | 'streaming'): {
    id: 'membership' | 'streaming';
    displayName: string;
    clientId: string;
    clientSecret: string;
    authorizeUrl: string;
    tokenUrl: string;
    userinfoUrl: string;
    scope: string;
    tierClaim: string;
    nameClaim: string;
    pageUrl: string;
  };
  /** The tier each login name gets (others get none). */
  tiers: Map<string, string>;
  close(): Promise<void>;
}

export async function startOidcServer(redirectUris: string[]): Promise<OidcServer> {
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clientId = 'tessera-test';
  const clientSecret = 'a-client-secret-for-the-tests';
  const tiers = new Map<string, string>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'membership'],
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name'],
      membership: ['tier'],
    },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => ({
        sub: id,
        preferred_username: id,
        name: id,
        ...(tiers.has(id) ? { tier: tiers.get(id) } : {}),
      }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      RefreshToken: 3600,
      Session: 3600,
    },
  });
  // Quiet: the development keys and interactions are what a test wants.
  provider.on('server_error', (_ctx: unknown, err: Error) => console.error(err));
  http.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    tiers,
    providerConfig: (kind) => ({
      id: kind,
      displayName: kind === 'membership' ? 'Kennel Club' : 'StreamHut',
      clientId,
      clientSecret,
      authorizeUrl: `${issuer}/auth`,
      tokenUrl: `${issuer}/token`,
      userinfoUrl: `${issuer}/me`,
      scope: kind === 'membership' ? 'openid profile membership' : 'openid profile',
      tierClaim: 'tier',
      nameClaim: 'preferred_username',
      pageUrl: '',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/**
 * Goes through the provider's own login and consent pages with plain HTTP
 * (a cookie jar, the forms as served), as a browser would, and answers the
 * callback URL the provider redirects to (with code and state). The browser
 * test does the same in Chromium.
 */
export async function authorizeByHttp(
  authorizeUrl: string,
  login: string,
  callbackPrefix: string,
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(callbackPrefix)) return next;
      url = next.href;
      init = {};
      continue;
    }
    const html = await res.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"/.exec(html);
    if (!form) throw new Error(`no form at ${url}: ${res.status} ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
      fields.set(m[1]!, m[2]!);
    }
    if (html.includes('name="login"')) {
      fields.set('login', login);
      fields.set('password', 'any password');
    }
    url = new URL(form[1]!.replaceAll('&amp;', '&'), url).href;
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    };
  }
  throw new Error('the provider never redirected back');
}
