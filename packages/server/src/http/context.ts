import { createContextKey, type HandlerContext } from '@connectrpc/connect';
import type { FastifyRequest } from 'fastify';

/**
 * What RPC handlers may know about the HTTP request behind them: the client's
 * address (for throttling) and its cookies. connect-fastify puts the Fastify
 * request into the handler context under this key.
 */
export const kRequest = createContextKey<FastifyRequest | undefined>(undefined);

export function clientIp(ctx: HandlerContext): string {
  return ctx.values.get(kRequest)?.ip ?? 'unknown';
}

export function readCookie(ctx: HandlerContext, name: string): string | undefined {
  return cookieFromHeader(ctx.requestHeader.get('cookie'), name);
}

/** One cookie's value from a Cookie header (plain HTTP routes use this). */
export function cookieFromHeader(header: string | null | undefined, name: string) {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

export function setCookie(ctx: HandlerContext, name: string, value: string, opts: CookieOptions) {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${opts.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (opts.secure) parts.push('Secure');
  ctx.responseHeader.append('set-cookie', parts.join('; '));
}
