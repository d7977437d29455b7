import { createHmac } from 'node:crypto';
import type { IceConfig } from '../../config.ts';

export type { IceConfig };

export interface IceServerOut {
  urls: string[];
  username: string;
  credential: string;
}

/**
 * The servers for one session: STUN as given; TURN with a credential of the
 * TURN REST scheme that coturn checks with use-auth-secret: the user name is
 * "<expiry unix seconds>:<user id>" and the password is the base64 HMAC-SHA1
 * of that name under the shared secret. It expires by itself; the secret
 * stays on the server.
 */
export function iceServersFor(cfg: IceConfig, userId: string, now = Date.now()): IceServerOut[] {
  const stun = cfg.urls.filter((u) => u.startsWith('stun'));
  const turn = cfg.urls.filter((u) => u.startsWith('turn'));
  const out: IceServerOut[] = [];
  if (stun.length) out.push({ urls: stun, username: '', credential: '' });
  if (turn.length && cfg.turnSecret) {
    const expiry = Math.floor(now / 1000) + cfg.turnTtlSeconds;
    const username = `${expiry}:${userId}`;
    const credential = createHmac('sha1', cfg.turnSecret).update(username).digest('base64');
    out.push({ urls: turn, username, credential });
  }
  return out;
}
