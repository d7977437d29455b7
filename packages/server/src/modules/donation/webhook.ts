import { createHmac, timingSafeEqual } from 'node:crypto';
import { refuse, type Refusal } from '@tessera/protocol';

/** How old a webhook's timestamp may be, either way, before it is refused as a replay. */
export const WEBHOOK_WINDOW_SECONDS = 300;

/**
 * The payment provider's webhook signature: the header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` made with the
 * shared webhook secret (the timestamped scheme card providers use). Several
 * v1 values may be given (a secret being rotated); one must match.
 */
export function signWebhook(body: string, secret: string, at: number): string {
  const mac = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

/** undefined when the signature is good and fresh; otherwise the refusal to answer. */
export function checkWebhook(
  body: string,
  header: string | undefined,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Refusal | undefined {
  if (!header || !secret) return refuse('WEBHOOK_SIGNATURE_INVALID');
  let at: number | undefined;
  const macs: string[] = [];
  for (const part of header.split(',')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === 't' && /^\d+$/.test(v ?? '')) at = Number(v);
    if (k === 'v1' && v) macs.push(v);
  }
  if (at === undefined || macs.length === 0) return refuse('WEBHOOK_SIGNATURE_INVALID');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${at}.${body}`).digest('hex'));
  const good = macs.some((m) => {
    const given = Buffer.from(m);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!good) return refuse('WEBHOOK_SIGNATURE_INVALID');
  if (Math.abs(nowSeconds - at) > WEBHOOK_WINDOW_SECONDS) {
    return refuse('WEBHOOK_TIMESTAMP_STALE', WEBHOOK_WINDOW_SECONDS);
  }
  return undefined;
}
