import { renderError } from '@tessera/protocol';

/** A link that could not start: the server's refusal, in the catalogue's words. */
export class LinkRefused extends Error {}

/**
 * Starts linking an account (docs/product/community.md §4.7): POST
 * /integrations/csrf gives a csrf token (also set as a cookie) and the
 * provider's authorize URL, whose state carries the token and the page to
 * come back to; the browser then goes there.
 */
export async function startLink(
  provider: string,
  redirect: string,
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const res = await fetch('/integrations/csrf', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ provider, redirect }),
  });
  const answer = (await res.json().catch(() => ({}))) as {
    authorizeUrl?: string;
    message?: string;
  };
  if (!res.ok || !answer.authorizeUrl) {
    throw new LinkRefused(renderError(answer.message ?? `HTTP ${res.status}`));
  }
  go(answer.authorizeUrl);
}
