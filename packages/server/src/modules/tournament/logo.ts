/**
 * A tournament's logo is shown by the visitor's browser under the site's
 * content security policy, which lets images come from this site and from
 * the operator's image hosts only (IMAGE_HOSTS, decision 0149). A logo
 * elsewhere would be blocked on the page, so it is refused when entered,
 * with the hosts that work. The server never fetches it.
 */
import { refuse } from '@tessera/protocol';
import { onImageHost } from '../../http/image-hosts.ts';

/** Refuses a logo the page could not show: '' (none) and this site's own paths are fine. */
export function checkLogo(logo: string, imageHosts: readonly string[]): void {
  if (!logo) return;
  // A path on this site ("/logos/club.png"), never "//host/…" (another host).
  if (logo.startsWith('/') && !logo.startsWith('//') && !logo.includes('\\')) return;
  let url: URL;
  try {
    url = new URL(logo);
  } catch {
    throw refuse('TOURNAMENT_LOGO_URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('TOURNAMENT_LOGO_URL');
  if (url.username || url.password) throw refuse('TOURNAMENT_LOGO_URL');
  if (!onImageHost(url, imageHosts))
    throw refuse('TOURNAMENT_LOGO_HOST', imageHosts.length ? imageHosts.join(', ') : 'this site');
}
