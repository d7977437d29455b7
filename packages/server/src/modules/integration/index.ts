import type { ConnectRouter } from '@connectrpc/connect';
import { IntegrationService, refuse, Refusal } from '@tessera/protocol';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config, IntegrationProviderConfig } from '../../config.ts';
import { readCookie, setCookie } from '../../http/context.ts';
import type { Db } from '../../storage/database.ts';
import type { SessionResolver } from '../auth/index.ts';
import { isTier, type Memberships, TIER_ALLOWANCES } from '../membership/index.ts';
import type { ModuleParts } from '../module.ts';
import {
  authorizeUrl,
  decodeState,
  encodeState,
  exchangeCode,
  isLocalPath,
  ProviderRefused,
  randomToken,
  readAccount,
} from './oauth.ts';
import { type IntegrationRow, IntegrationStore, LINK_REQUEST_TTL_MS } from './store.ts';
import { TokenBox } from './token-box.ts';

export { integrationMigrations } from './store.ts';
export { TokenBox } from './token-box.ts';

/** The browser's half of the csrf check: the token of the link under way. */
export const CSRF_COOKIE = 'tessera_integration_csrf';

/**
 * Linked accounts (docs/product/community.md §4.7): OAuth 2 authorization
 * code with PKCE against the operator's membership and streaming providers.
 * POST /integrations/csrf starts a link (a csrf token bound to the user by a
 * stored request and to the browser by a cookie, a state carrying it and the
 * page to return to, a PKCE verifier kept sealed); CompleteIntegration, called
 * by the web's callback page, checks all three, exchanges the code and reads
 * the account. A membership's tier feeds the membership module (BestBot).
 */
export function createIntegrationModule(deps: {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'secretKey' | 'integrationProviders'>;
  sessions: SessionResolver;
  memberships: Memberships;
  log: Logger;
  /** The providers are called through this (tests may pass their own). */
  fetch?: typeof fetch;
}): ModuleParts {
  const store = new IntegrationStore(deps.db);
  const box = new TokenBox(deps.config.secretKey);
  const doFetch = deps.fetch ?? fetch;
  const secure = deps.config.publicUrl.startsWith('https:');
  const providers = new Map(deps.config.integrationProviders.map((p) => [p.id as string, p]));
  const redirectUri = (p: IntegrationProviderConfig) =>
    `${deps.config.publicUrl}/integrations/${p.id}/callback`;

  function providerOf(id: string): IntegrationProviderConfig | Refusal {
    if (id !== 'membership' && id !== 'streaming') {
      return refuse('INTEGRATION_PROVIDER_UNKNOWN', id.slice(0, 40));
    }
    return providers.get(id) ?? refuse('INTEGRATION_NOT_CONFIGURED', id);
  }

  const wire = (r: IntegrationRow) => ({
    uuid: r.uuid,
    integrationName: r.provider,
    integrationDetails: r.details,
    tierName: r.tier,
    linkedAt: r.linkedAt.toISOString(),
  });

  /** The reported tier, spelled as the membership module spells it ('' when it is none of them). */
  const tierOf = (claim: string) =>
    Object.keys(TIER_ALLOWANCES).find((t) => t.toLowerCase() === claim.trim().toLowerCase()) ?? '';

  async function criteria(userId: string) {
    const member = await deps.memberships.get(userId);
    if (!member?.linkedAccount) {
      return {
        tierName: '',
        gamesPerMonth: 0,
        gamesUsed: 0,
        entitledToBestBot: false,
        nextReset: '',
      };
    }
    const now = new Date();
    const open = await deps.memberships.gatedGameOpen(userId, now);
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    return {
      tierName: member.tier,
      gamesPerMonth: TIER_ALLOWANCES[member.tier],
      gamesUsed: await deps.memberships.used(userId, now),
      entitledToBestBot: open.allowed,
      nextReset: next.toISOString(),
    };
  }

  function routes(router: ConnectRouter) {
    router.service(IntegrationService, {
      async getIntegrations(_req, ctx) {
        const user = await deps.sessions.requireUser(ctx);
        return {
          providers: [...providers.values()].map((p) => ({
            id: p.id,
            displayName: p.displayName,
            pageUrl: p.pageUrl,
          })),
          integrations: (await store.list(user.id)).map(wire),
        };
      },

      async completeIntegration(req, ctx) {
        const user = await deps.sessions.requireUser(ctx);
        const p = providerOf(req.provider);
        if (p instanceof Refusal) throw p;
        const state = decodeState(req.state);
        if (!state || !isLocalPath(state.redirect)) throw refuse('INTEGRATION_STATE_INVALID');
        // The browser's cookie and the state must name the same csrf token…
        const cookie = readCookie(ctx, CSRF_COOKIE) ?? '';
        if (!cookie || cookie !== state.csrf) throw refuse('INTEGRATION_CSRF_MISMATCH');
        // …and the token must be a live request of this user for this provider, used once.
        const request = await store.takeRequest(state.csrf, user.id, p.id);
        setCookie(ctx, CSRF_COOKIE, '', { maxAgeSeconds: 0, secure });
        if (!request) throw refuse('INTEGRATION_CSRF_MISMATCH');
        if (req.error) throw refuse('INTEGRATION_DECLINED', p.displayName);
        if (!req.code) throw refuse('INTEGRATION_CODE_MISSING');
        const verifier = box.open(request.verifier);
        if (!verifier) throw refuse('INTEGRATION_CSRF_MISMATCH');

        const tokens = await exchangeCode(p, req.code, redirectUri(p), verifier, doFetch).catch(
          (e: Error) => new ProviderRefused(e.message),
        );
        if (tokens instanceof ProviderRefused) {
          deps.log.info({ provider: p.id, reason: tokens.reason }, 'integration code refused');
          throw refuse('INTEGRATION_PROVIDER_REFUSED', p.displayName, tokens.reason);
        }
        const account = await readAccount(p, tokens.accessToken, doFetch).catch(
          (e: Error) => new ProviderRefused(e.message),
        );
        if (account instanceof ProviderRefused) {
          throw refuse('INTEGRATION_PROVIDER_REFUSED', p.displayName, account.reason);
        }
        const owner = await store.ownerOf(p.id, account.subject);
        if (owner && owner !== user.id) throw refuse('INTEGRATION_ACCOUNT_TAKEN', p.displayName);

        const tier = p.id === 'membership' ? tierOf(account.tier) : '';
        const row = await store.link({
          userId: user.id,
          provider: p.id,
          accountId: account.subject,
          details: account.name.slice(0, 100),
          tier,
          accessToken: box.seal(tokens.accessToken),
          refreshToken: tokens.refreshToken ? box.seal(tokens.refreshToken) : null,
          expiresAt: tokens.expiresAt ?? null,
        });
        if (p.id === 'membership') {
          if (isTier(tier)) await deps.memberships.set(user.id, tier, account.subject);
          else await deps.memberships.set(user.id, null);
        }
        return { integration: wire(row), redirect: state.redirect };
      },

      async deleteIntegration(req, ctx) {
        const user = await deps.sessions.requireUser(ctx);
        const gone = await store.remove(req.uuid, user.id);
        if (!gone) throw refuse('INTEGRATION_UNKNOWN');
        if (gone.provider === 'membership') {
          // The membership came from this account: it goes with it.
          const member = await deps.memberships.get(user.id);
          if (member?.linkedAccount === gone.accountId) await deps.memberships.set(user.id, null);
        }
        return {};
      },

      async getSubscriptionCriteria(_req, ctx) {
        const user = await deps.sessions.requireUser(ctx);
        return await criteria(user.id);
      },
    });
  }

  function http(app: FastifyInstance) {
    app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_r, body, done) =>
        done(null, body),
      );
      // Starts a link. JSON only, so a form on another site cannot post here.
      scope.post('/integrations/csrf', async (req, reply) => {
        const fail = (status: number, r: Refusal) =>
          reply.code(status).send({ code: r.connect, message: r.message });
        if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
          return fail(415, refuse('INVALID_REQUEST', 'send JSON'));
        }
        const user = await deps.sessions.userOfCookieHeader(req.headers.cookie);
        if (!user) return fail(401, refuse('NOT_LOGGED_IN'));
        let body: { provider?: unknown; redirect?: unknown };
        try {
          body = JSON.parse(typeof req.body === 'string' ? req.body : '') as typeof body;
        } catch {
          return fail(400, refuse('INVALID_REQUEST', 'not JSON'));
        }
        const p = providerOf(typeof body?.provider === 'string' ? body.provider : '');
        if (p instanceof Refusal) return fail(400, p);
        const redirect =
          typeof body.redirect === 'string' ? body.redirect : '/settings/integrations';
        if (!isLocalPath(redirect)) return fail(400, refuse('INTEGRATION_REDIRECT_INVALID'));
        // A link started again replaces the cookie; the older request just expires.
        const csrf = randomToken();
        const verifier = randomToken();
        await store.addRequest({
          csrf,
          userId: user.id,
          provider: p.id,
          verifier: box.seal(verifier),
          redirect,
        });
        const state = encodeState({ csrf, redirect });
        const cookie = [
          `${CSRF_COOKIE}=${csrf}`,
          'Path=/',
          `Max-Age=${LINK_REQUEST_TTL_MS / 1000}`,
          'HttpOnly',
          'SameSite=Lax',
          ...(secure ? ['Secure'] : []),
        ].join('; ');
        return reply
          .header('set-cookie', cookie)
          .header('cache-control', 'no-store')
          .send({ csrf, state, authorizeUrl: authorizeUrl(p, redirectUri(p), state, verifier) });
      });
    });
  }

  return { module: { name: 'integration', routes, http }, api: undefined };
}
