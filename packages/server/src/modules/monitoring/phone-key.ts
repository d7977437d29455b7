import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long the QR code's camera link works (a phone scans it within minutes). */
export const PHONE_KEY_TTL_SECONDS = 15 * 60;

export interface PhoneClaim {
  tournamentId: string;
  userId: string;
  expiresAt: number;
}

/**
 * A short-lived key that lets a phone publish one participant's camera,
 * without signing the phone in: "<tournament>.<user>.<expiry>.<mac>",
 * the mac an HMAC of the rest under the server's secret.
 */
export function makePhoneKey(
  secret: string,
  tournamentId: string,
  userId: string,
  now = Date.now(),
) {
  const expiresAt = Math.floor(now / 1000) + PHONE_KEY_TTL_SECONDS;
  const body = `${b64(tournamentId)}.${b64(userId)}.${expiresAt}`;
  return { key: `${body}.${mac(secret, body)}`, expiresAt };
}

export function readPhoneKey(
  secret: string,
  key: string,
  now = Date.now(),
): PhoneClaim | undefined {
  const parts = key.split('.');
  if (parts.length !== 4 || key.length > 400) return undefined;
  const body = parts.slice(0, 3).join('.');
  const want = Buffer.from(mac(secret, body));
  const got = Buffer.from(parts[3]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
  const expiresAt = Number(parts[2]);
  if (!Number.isFinite(expiresAt) || expiresAt * 1000 < now) return undefined;
  return {
    tournamentId: Buffer.from(parts[0]!, 'base64url').toString(),
    userId: Buffer.from(parts[1]!, 'base64url').toString(),
    expiresAt,
  };
}

function b64(s: string): string {
  return Buffer.from(s).toString('base64url');
}

function mac(secret: string, body: string): string {
  return createHmac('sha256', `monitoring-phone:${secret}`).update(body).digest('base64url');
}
