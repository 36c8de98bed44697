import { describe, expect, it } from 'vitest';
import { eachCase } from '../../shared/each-case.testing.ts';
import { clientKey } from './client-key.ts';

describe('clientKey', () => {
  eachCase('keys %s as %s', clientKey, [
    ['203.0.113.7', '203.0.113.7'],
    ['unknown', 'unknown'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['2001:db8:1:2:3:4:192.0.2.1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:bbbb:cccc:dddd:eeee', '2001:db8:1:2::/64'],
    ['198.51.100.7', '198.51.100.7'],
  ]);

  it('gives every address of one /64 the same key, and the next /64 another', () => {
    const block = ['2001:db8:a:b::1', '2001:db8:a:b:ffff:ffff:ffff:ffff', '2001:db8:a:b:1::'];
    expect(new Set(block.map(clientKey)).size).toBe(1);
    expect(clientKey('2001:db8:a:c::1')).not.toBe(clientKey('2001:db8:a:b::1'));
  });
});
