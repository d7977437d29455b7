/**
 * The operator's image hosts (IMAGE_HOSTS, decision 0149): the origins
 * besides this site that pages may load images from. Each becomes a source
 * of the content security policy's img-src, and a tournament's logo must be
 * on one of them (or on this site), so a logo a director enters is one the
 * page will show. The browser fetches the image itself; the server never does.
 */

/**
 * One entry: http or https, a host name or address (the leftmost label may be
 * `*`, any one subdomain as CSP reads it), an optional port, nothing else.
 * Anything else could smuggle a directive (`;`) or a keyword into the policy.
 */
const ENTRY = /^(https?):\/\/(\*\.)?([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

/** IMAGE_HOSTS="https://img.example.org,https://*.cdn.example.net" → its origins; a malformed entry stops the start. */
export function parseImageHosts(value: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split(/[\s,]+/)) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/\/+$/, '')
      .replace(/^(https:\/\/.*):443$|^(http:\/\/.*):80$/, '$1$2');
    if (!entry) continue;
    if (!ENTRY.test(entry))
      throw new Error(
        `IMAGE_HOSTS: "${raw}" is not an origin like https://images.example.org or https://*.example.org`,
      );
    if (!out.includes(entry)) out.push(entry);
  }
  return out;
}

/** Whether `url` (already parsed) is on one of `hosts` as the policy would match it. */
export function onImageHost(url: URL, hosts: readonly string[]): boolean {
  const port = url.port ? `:${url.port}` : '';
  return hosts.some((h) => {
    const m = ENTRY.exec(h);
    if (!m || `${m[1]}:` !== url.protocol || (m[5] ?? '') !== port) return false;
    const host = url.hostname;
    return m[2] ? host.endsWith(`.${m[3]}`) : host === m[3];
  });
}
