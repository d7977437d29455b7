import type { ConnectRouter } from '@connectrpc/connect';
import { DonationService, refuse } from '@tessera/protocol';
import type { FastifyInstance } from 'fastify';
import { type Generated, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../storage/database.ts';
import { jsonColumn } from '../../storage/json-column.ts';
import type { Migration } from '../../storage/migrate.ts';
import type { SessionResolver } from '../auth/index.ts';
import type { ModuleParts } from '../module.ts';
import { checkWebhook } from './webhook.ts';

export { checkWebhook, signWebhook, WEBHOOK_WINDOW_SECONDS } from './webhook.ts';

/** The one-time amounts of §9, in whole dollars. */
export const DONATION_AMOUNTS = [5, 20, 50, 100, 500] as const;

export const donationMigrations: Migration[] = [
  {
    name: '0001_donations',
    async up(db) {
      await sql`CREATE TABLE donations (
        event_id text PRIMARY KEY,
        kind text NOT NULL,
        amount_cents integer,
        currency text,
        user_id text,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`.execute(db);
    },
  },
];

type DonationTables = {
  donations: {
    event_id: string;
    kind: string;
    amount_cents: number | null;
    currency: string | null;
    user_id: string | null;
    payload: unknown;
    received_at: Generated<Date>;
  };
};

export type DonationConfig = Pick<
  Config,
  | 'publicUrl'
  | 'donationCheckoutUrl'
  | 'donationApiKey'
  | 'donationPrices'
  | 'donationWebhookSecret'
  | 'membershipUrl'
  | 'integrationProviders'
>;

/**
 * Donations (docs/product/community.md §4.8): a one-time checkout through a card
 * payment provider's hosted page. The server asks the provider's
 * checkout-session endpoint (DONATION_CHECKOUT_URL, form-encoded, bearer
 * DONATION_API_KEY, the amount's price from DONATION_PRICES, success and
 * cancel return pages on this site) and answers the page's URL; the
 * provider's webhook (`POST /donations/webhook`) is verified by its
 * timestamped HMAC signature and recorded once per event id.
 */
export function createDonationModule(deps: {
  db: Db;
  config: DonationConfig;
  sessions: SessionResolver;
  log: Logger;
  /** The provider's endpoint is called through this (tests pass their own). */
  fetch?: typeof fetch;
}): ModuleParts {
  const { config } = deps;
  const db = deps.db.withTables<DonationTables>();
  const doFetch = deps.fetch ?? fetch;
  const configured = () =>
    !!config.donationCheckoutUrl && !!config.donationApiKey && config.donationPrices.size > 0;

  function routes(router: ConnectRouter) {
    router.service(DonationService, {
      getDonationOptions() {
        // Monthly support is a membership at the membership platform (§4.8).
        const membership = config.integrationProviders.find((p) => p.id === 'membership');
        return {
          configured: configured(),
          amounts: DONATION_AMOUNTS.filter((a) => !configured() || config.donationPrices.has(a)),
          monthlyUrl: config.membershipUrl || membership?.pageUrl || '',
          membershipName: membership?.displayName ?? '',
        };
      },
      async createCheckout(req, ctx) {
        if (!configured()) throw refuse('DONATIONS_NOT_CONFIGURED');
        const price = config.donationPrices.get(req.amount);
        if (!price) throw refuse('DONATION_AMOUNT_INVALID', DONATION_AMOUNTS.join(', '));
        const user = await deps.sessions.currentUser(ctx);
        const form = new URLSearchParams({
          mode: 'payment',
          'line_items[0][price]': price,
          'line_items[0][quantity]': '1',
          success_url: `${config.publicUrl}/donate_success`,
          cancel_url: `${config.publicUrl}/settings/donate?cancelled=1`,
        });
        if (user) form.set('client_reference_id', user.id);
        let url: unknown;
        try {
          const res = await doFetch(config.donationCheckoutUrl!, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${config.donationApiKey}`,
              'content-type': 'application/x-www-form-urlencoded',
            },
            body: form.toString(),
            signal: AbortSignal.timeout(15_000),
          });
          const answer = (await res.json().catch(() => ({}))) as {
            url?: unknown;
            error?: { message?: unknown };
          };
          if (!res.ok) {
            throw new Error(String(answer.error?.message ?? `status ${res.status}`));
          }
          url = answer.url;
        } catch (e) {
          deps.log.warn({ err: e }, 'checkout not started');
          throw refuse('CHECKOUT_FAILED', (e as Error).message);
        }
        if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
          throw refuse('CHECKOUT_FAILED', 'no checkout page in the answer');
        }
        return { url };
      },
    });
  }

  function http(app: FastifyInstance) {
    // The raw body is what the provider signed: read it as text, untouched.
    app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      scope.post('/donations/webhook', async (req, reply) => {
        const body = typeof req.body === 'string' ? req.body : '';
        const header = req.headers['webhook-signature'] ?? req.headers['stripe-signature'];
        const refusal = checkWebhook(
          body,
          Array.isArray(header) ? header[0] : header,
          config.donationWebhookSecret ?? '',
        );
        if (refusal) {
          return reply.code(400).send({ code: refusal.connect, message: refusal.message });
        }
        let event: {
          id?: unknown;
          type?: unknown;
          data?: { object?: Record<string, unknown> };
        };
        try {
          event = JSON.parse(body);
        } catch {
          return reply.code(400).send({ code: 'invalid_argument', message: 'not JSON' });
        }
        if (typeof event.id !== 'string' || typeof event.type !== 'string') {
          return reply.code(400).send({ code: 'invalid_argument', message: 'no event id' });
        }
        const obj = event.data?.object ?? {};
        await db
          .insertInto('donations')
          .values({
            event_id: event.id,
            kind: event.type,
            amount_cents: typeof obj.amount_total === 'number' ? obj.amount_total : null,
            currency: typeof obj.currency === 'string' ? obj.currency : null,
            user_id: typeof obj.client_reference_id === 'string' ? obj.client_reference_id : null,
            payload: jsonColumn(event),
          })
          .onConflict((oc) => oc.column('event_id').doNothing())
          .execute();
        return reply.send({ received: true });
      });
    });
  }

  return { module: { name: 'donation', routes, http }, api: undefined };
}
