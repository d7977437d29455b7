import { describe, expect, it } from 'vitest';
import { clientAddressOf, parseProxyTrust, proxyTrustTest } from '../src/http/client-address.ts';

/**
 * Who the client is, from the TCP peer and X-Forwarded-For, by TRUST_PROXY
 * (decision 0116). The HAProxy test (forwarded-address.multiprocess.test.ts)
 * shows the hop count at work behind the real balancer; these cover every
 * form of the setting.
 */
const address = (trust: string, peer: string, header?: string | string[]) =>
  clientAddressOf(peer, header, proxyTrustTest(parseProxyTrust(trust)));

describe('TRUST_PROXY', () => {
  it('unset or 0: the header is ignored', () => {
    expect(address('', '192.0.2.7', '203.0.113.1')).toBe('192.0.2.7');
    expect(address('0', '192.0.2.7', '203.0.113.1')).toBe('192.0.2.7');
  });

  it('a hop count: the entry the outermost trusted proxy added, counted from the right', () => {
    // The client forged "1.1.1.1"; the balancer appended the address it saw.
    expect(address('1', '127.0.0.1', '1.1.1.1, 203.0.113.1')).toBe('203.0.113.1');
    // Two proxies: a CDN appended the client, the balancer appended the CDN.
    expect(address('2', '127.0.0.1', '1.1.1.1, 203.0.113.1, 198.51.100.9')).toBe('203.0.113.1');
    // Two X-Forwarded-For lines count as one list, in order.
    expect(address('1', '127.0.0.1', ['1.1.1.1', '203.0.113.1'])).toBe('203.0.113.1');
    // Fewer entries than hops: the left-most there is.
    expect(address('3', '127.0.0.1', '203.0.113.1')).toBe('203.0.113.1');
    expect(address('1', '127.0.0.1')).toBe('127.0.0.1');
  });

  it('a list of proxies: the first address from the right that is none of them', () => {
    const trust = '10.0.0.0/8, 192.0.2.5, ::1';
    expect(address(trust, '10.1.2.3', '1.1.1.1, 203.0.113.1, 192.0.2.5')).toBe('203.0.113.1');
    expect(address(trust, '::ffff:10.1.2.3', '1.1.1.1, 203.0.113.1')).toBe('203.0.113.1');
    expect(address(trust, '::1', '203.0.113.1')).toBe('203.0.113.1');
    // A peer that is no trusted proxy is the client, whatever it forwards.
    expect(address(trust, '198.51.100.4', '10.0.0.1')).toBe('198.51.100.4');
  });

  it('stops the start on an entry that is neither an address nor a range', () => {
    expect(() => parseProxyTrust('true')).toThrow(/TRUST_PROXY: true/);
    expect(() => parseProxyTrust('10.0.0.0/x')).toThrow(/TRUST_PROXY/);
  });
});
