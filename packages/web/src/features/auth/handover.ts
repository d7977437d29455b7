import { ConnectError } from '@connectrpc/connect';
import { ERRORS, renderError } from '@tessera/protocol';
import type { ApiClients } from '../../rpc/clients.ts';

/**
 * The signed-cookie handover (docs/product/community.md §4.6, decision 0129):
 * a login and the local settings carried from one Tessera address to another
 * through /handover-signed-cookie?jwt=…&ls=…&path=….
 */

export interface Handover {
  jwt?: string;
  /** Local-storage pairs to copy. */
  ls: Record<string, string>;
  /** Where to go afterwards: a path on this site. */
  path: string;
}

/** A path on this site only: anything else (another origin, `//host`, `javascript:`) goes home. */
export function safePath(path: string | null): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return '/';
  return path;
}

/** Reads the handover's query; a malformed ls copies nothing. */
export function parseHandover(params: URLSearchParams): Handover {
  const ls: Record<string, string> = {};
  try {
    const raw: unknown = JSON.parse(params.get('ls') ?? '{}');
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
        if (typeof v === 'string') ls[k] = v;
      }
    }
  } catch {
    // Nothing to copy.
  }
  return { jwt: params.get('jwt') || undefined, ls, path: safePath(params.get('path')) };
}

/** Copies the pairs into local storage (a full quota or private mode copies what fits). */
export function copyToLocalStorage(ls: Record<string, string>, storage: Storage = localStorage) {
  for (const [k, v] of Object.entries(ls)) {
    try {
      storage.setItem(k, v);
    } catch {
      return;
    }
  }
}

/** True for the server's "authentication is needed for this endpoint", coded or raw. */
export function isAuthenticationNeeded(err: unknown): boolean {
  return (
    err instanceof ConnectError && renderError(err.rawMessage) === ERRORS.AUTHENTICATION_NEEDED.text
  );
}

/**
 * The sending side: the address on `targetOrigin` that carries this
 * browser's login and local storage to it. A visitor (the server says
 * authentication is needed) is sent without a jwt, with the storage only.
 */
export async function handoverUrl(
  api: Pick<ApiClients, 'signedCookie'>,
  targetOrigin: string,
  path: string,
  storage: Storage = localStorage,
): Promise<string> {
  const url = new URL('/handover-signed-cookie', targetOrigin);
  try {
    const { jwt } = await api.signedCookie.getSignedCookie({});
    url.searchParams.set('jwt', jwt);
  } catch (err) {
    if (!isAuthenticationNeeded(err)) throw err;
  }
  const ls: Record<string, string> = {};
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)!;
    ls[key] = storage.getItem(key) ?? '';
  }
  url.searchParams.set('ls', JSON.stringify(ls));
  url.searchParams.set('path', safePath(path));
  return url.toString();
}
