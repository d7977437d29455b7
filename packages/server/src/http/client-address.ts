import { BlockList, isIP } from 'node:net';

/**
 * Which proxies in front of this process are trusted to say who the client
 * is (TRUST_PROXY, decision 0116):
 * - `0`: none; X-Forwarded-For is ignored and the client is the peer of the
 *   TCP connection.
 * - a number of hops: that many proxies stand in front, each appending the
 *   address it saw to X-Forwarded-For; the client is the entry the outermost
 *   trusted proxy added, counted from the right. Anything further left was
 *   written by the client and is not believed.
 * - a list of proxy addresses or CIDR ranges: walking from the TCP peer
 *   leftwards through X-Forwarded-For, the client is the first address that
 *   is not one of them.
 */
export type ProxyTrust = number | readonly string[];

/**
 * TRUST_PROXY's value: unset, empty or `0` trusts nothing; a whole number is
 * a hop count (`1` behind one balancer, as `tessera cluster` starts its
 * nodes); otherwise a comma-separated list of addresses and CIDR ranges.
 * Anything else stops the start, naming the entry.
 */
export function parseProxyTrust(value: string | undefined): ProxyTrust {
  const text = (value ?? '').trim();
  if (text === '') return 0;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  trustedProxies(list); // throws on an entry that is no address or range
  return list;
}

function trustedProxies(list: readonly string[]): BlockList {
  const block = new BlockList();
  for (const entry of list) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || (bits !== undefined && !/^\d+$/.test(bits))) {
      throw new Error(`TRUST_PROXY: ${entry} is neither an address nor a CIDR range`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) block.addAddress(address, type);
    else block.addSubnet(address, Number(bits), type);
  }
  return block;
}

/**
 * A test for Fastify's `trustProxy` (proxy-addr's contract): is the address
 * `hop` steps from the TCP peer (the peer itself is hop 0) a trusted proxy?
 */
export function proxyTrustTest(trust: ProxyTrust): (address: string, hop: number) => boolean {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  const block = trustedProxies(trust);
  return (address) => {
    const family = isIP(address);
    return family !== 0 && block.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address as Fastify derives it for HTTP requests, for places
 * that see only the node request (the websocket upgrade): the TCP peer, then
 * X-Forwarded-For from right to left for as long as the address in hand is a
 * trusted proxy.
 */
export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: (address: string, hop: number) => boolean,
): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? '');
  const hops = header
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  let address = peer ?? 'unknown';
  for (let i = 0; i < hops.length && trusted(address, i); i++) address = hops[i]!;
  return address;
}
