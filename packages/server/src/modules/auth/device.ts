import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signed device cookie (decision 0118): set on a browser that signed in
 * to an account (or completed a reset by mail), naming the account and a
 * random device id, signed with the server's secret. Login attempts that
 * carry it for the account they name are the owner's and are counted apart
 * from everyone else's, so a stranger's failures cannot lock the owner out.
 */
export const DEVICE_COOKIE = 'tessera_device';
export const DEVICE_TTL_SECONDS = 365 * 24 * 3600;

const sign = (userId: string, device: string, secret: string) =>
  createHmac('sha256', secret).update(`device:${userId}.${device}`).digest('base64url');

/** A new cookie value for the account. */
export function issueDevice(userId: string, secret: string): string {
  const device = randomBytes(12).toString('base64url');
  return `${userId}.${device}.${sign(userId, device, secret)}`;
}

/** The device id when the cookie is genuine and names `userId`; undefined otherwise. */
export function deviceOf(
  cookie: string | undefined,
  userId: string,
  secret: string,
): string | undefined {
  if (!cookie || !secret) return undefined;
  const parts = cookie.split('.');
  if (parts.length !== 3 || parts[0] !== userId || !parts[1]) return undefined;
  const expected = Buffer.from(sign(userId, parts[1], secret));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return parts[1];
}
