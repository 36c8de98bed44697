import { BlockList, isIP } from 'node:net';

/**
 * The hops in front of the web server whose X-Forwarded-* headers count (TRUST_PROXY):
 * addresses and CIDR ranges, plus two words for the usual cases. nginx gets the same list as
 * `set_real_ip_from` lines and a `geo` block, the local Node server as a BlockList.
 */
const WORDS: Record<string, readonly string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * TRUST_PROXY as CIDR ranges (a bare address becomes /32 or /128); throws on anything else,
 * so a typo never silently trusts nobody or everybody.
 * @example parseTrustedProxies('loopback, 10.1.2.3') // ['127.0.0.0/8', '::1/128', '10.1.2.3/32']
 */
export function parseTrustedProxies(value: string): string[] {
  const ranges: string[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim().toLowerCase();
    if (item === '') continue;
    const word = WORDS[item];
    if (word) {
      ranges.push(...word);
      continue;
    }
    const [address = '', bits, extra] = item.split('/');
    const version = isIP(address);
    const max = version === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (
      version === 0 ||
      extra !== undefined ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > max
    ) {
      throw new Error(
        `TRUST_PROXY: '${raw.trim()}' is not an address, a CIDR range, 'loopback' or 'private'.`,
      );
    }
    ranges.push(`${address}/${String(prefix)}`);
  }
  return [...new Set(ranges)];
}

/** A test for "is this peer a trusted hop", from parseTrustedProxies' ranges. */
export function trustedPeer(ranges: readonly string[]): (address: string | undefined) => boolean {
  if (ranges.length === 0) return () => false;
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', bits = ''] = range.split('/');
    list.addSubnet(address, Number(bits), isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }
  return (address) => {
    if (!address) return false;
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
    const version = isIP(plain);
    if (version === 0) return false;
    return list.check(plain, version === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The client's address behind trusted hops: walking X-Forwarded-For from the right, the first
 * address that is not itself a trusted hop (as nginx's real_ip_recursive does). The peer's
 * own address when the peer is not trusted or the header is absent or malformed.
 * @example clientAddress('10.0.0.2', '203.0.113.9, 10.0.0.5', trustedPeer(['10.0.0.0/8'])) // '203.0.113.9'
 */
export function clientAddressBehind(
  peer: string,
  forwardedFor: string | undefined,
  isTrusted: (address: string | undefined) => boolean,
): string {
  if (!isTrusted(peer) || !forwardedFor) return peer;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  let client = peer;
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index] ?? '';
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!isTrusted(hop)) return hop;
  }
  return client;
}
