import { describe, expect, it } from 'vitest';
import { clientAddressBehind, parseTrustedProxies, trustedPeer } from './trusted-proxies.ts';

describe('parseTrustedProxies', () => {
  it('reads addresses, ranges and the two words', () => {
    expect(parseTrustedProxies('loopback, 10.1.2.3 ,192.168.0.0/16,2001:db8::/32')).toEqual([
      '127.0.0.0/8',
      '::1/128',
      '10.1.2.3/32',
      '192.168.0.0/16',
      '2001:db8::/32',
    ]);
    expect(parseTrustedProxies('')).toEqual([]);
  });

  it('refuses what is not an address, so a typo trusts nobody by surprise', () => {
    expect(() => parseTrustedProxies('true')).toThrow(/TRUST_PROXY: 'true'/);
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/not an address/);
    expect(() => parseTrustedProxies('example.com')).toThrow(/not an address/);
  });
});

describe('clientAddressBehind', () => {
  const trusted = trustedPeer(parseTrustedProxies('10.0.0.0/8'));

  it('believes the header only from a trusted peer', () => {
    expect(clientAddressBehind('203.0.113.7', '198.51.100.1', trusted)).toBe('203.0.113.7');
    expect(clientAddressBehind('10.0.0.2', '198.51.100.1', trusted)).toBe('198.51.100.1');
  });

  it('takes the rightmost address that is not a trusted hop (a client can prepend anything)', () => {
    expect(clientAddressBehind('10.0.0.2', '1.1.1.1, 198.51.100.1, 10.0.0.9', trusted)).toBe(
      '198.51.100.1',
    );
  });

  it('stops at garbage rather than believing what lies left of it', () => {
    expect(clientAddressBehind('10.0.0.2', '1.1.1.1, junk, 10.0.0.9', trusted)).toBe('10.0.0.9');
  });

  it('reads IPv4-mapped IPv6 peers as IPv4', () => {
    expect(clientAddressBehind('::ffff:10.0.0.2', '198.51.100.1', trusted)).toBe('198.51.100.1');
  });

  it('trusts nobody without a list', () => {
    expect(clientAddressBehind('127.0.0.1', '198.51.100.1', trustedPeer([]))).toBe('127.0.0.1');
  });
});
