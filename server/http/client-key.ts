import { isIP } from 'node:net';

/**
 * The client a per-client limit counts: an IPv4 address as it is, an IPv6 one by its /64,
 * the block one household or one server is given, so that walking through the addresses of
 * one's own /64 does not make a new client (or a new mail budget, or a new contact-form
 * allowance). 'unknown' stays one shared client.
 * @example clientKey('2001:db8:1:2:aaaa::1') // '2001:db8:1:2::/64'
 */
export function clientKey(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return address;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  // An IPv4 tail (::ffff:1.2.3.4) is two groups; it never reaches the first four.
  const width = (part: string[]) => part.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const missing = tail === undefined ? 0 : 8 - width(groups(head)) - width(groups(tail));
  const all = [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail ?? '')];
  const prefix = all.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
