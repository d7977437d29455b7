import { createHash, randomBytes } from 'node:crypto';
import type { IntegrationProviderConfig } from '../../config.ts';

/** A fresh random value for csrf tokens and PKCE verifiers (43 base64url characters). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** PKCE's S256 challenge of a verifier (RFC 7636 §4.2). */
export const pkceChallenge = (verifier: string) =>
  createHash('sha256').update(verifier).digest('base64url');

/** The state sent through the provider: the csrf token and the page to return to. */
export interface LinkState {
  csrf: string;
  redirect: string;
}

export const encodeState = (s: LinkState) =>
  Buffer.from(JSON.stringify({ csrf: s.csrf, redirect: s.redirect })).toString('base64url');

export function decodeState(state: string): LinkState | undefined {
  if (!state || state.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(state)) return undefined;
  try {
    const v = JSON.parse(Buffer.from(state, 'base64url').toString('utf8')) as Partial<LinkState>;
    if (typeof v.csrf !== 'string' || typeof v.redirect !== 'string') return undefined;
    return { csrf: v.csrf, redirect: v.redirect };
  } catch {
    return undefined;
  }
}

/** A path on this site: one leading slash, no scheme, no second slash or backslash after it. */
export const isLocalPath = (p: string) =>
  p.length <= 512 && /^\/(?![/\\])[^\s\\]*$/.test(p) && !p.includes('//');

export function authorizeUrl(
  p: IntegrationProviderConfig,
  redirectUri: string,
  state: string,
  verifier: string,
): string {
  const url = new URL(p.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', p.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', pkceChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: Date;
}

/** The provider's refusal, in words for the player (its error_description or error). */
export class ProviderRefused {
  constructor(readonly reason: string) {}
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  const v: unknown = await res.json().catch(() => ({}));
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

function refusalOf(res: Response, body: Record<string, unknown>): ProviderRefused {
  const said = body.error_description ?? body.error;
  return new ProviderRefused(typeof said === 'string' && said ? said : `HTTP ${res.status}`);
}

/** Exchanges the code (RFC 6749 §4.1.3 with the PKCE verifier); the client authenticates by Basic. */
export async function exchangeCode(
  p: IntegrationProviderConfig,
  code: string,
  redirectUri: string,
  verifier: string,
  doFetch: typeof fetch,
): Promise<ProviderTokens | ProviderRefused> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (p.clientSecret) {
    // RFC 6749 §2.3.1: both parts form-encoded before joining.
    const basic = `${encodeURIComponent(p.clientId)}:${encodeURIComponent(p.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  } else {
    form.set('client_id', p.clientId);
  }
  const res = await doFetch(p.tokenUrl, {
    method: 'POST',
    headers,
    body: form.toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const body = await readJson(res);
  if (!res.ok || typeof body.access_token !== 'string') return refusalOf(res, body);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    expiresAt:
      typeof body.expires_in === 'number'
        ? new Date(Date.now() + body.expires_in * 1000)
        : undefined,
  };
}

/** The account at the provider: its subject, its name and (for a membership) its tier. */
export interface ProviderAccount {
  subject: string;
  name: string;
  tier: string;
}

export async function readAccount(
  p: IntegrationProviderConfig,
  accessToken: string,
  doFetch: typeof fetch,
): Promise<ProviderAccount | ProviderRefused> {
  const res = await doFetch(p.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(15_000),
  });
  const body = await readJson(res);
  if (!res.ok || typeof body.sub !== 'string' || !body.sub) return refusalOf(res, body);
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  return {
    subject: body.sub,
    name: text(body[p.nameClaim]) || text(body.name) || body.sub,
    tier: text(body[p.tierClaim]),
  };
}
