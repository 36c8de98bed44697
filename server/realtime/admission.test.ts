import { describe, expect, it } from 'vitest';
import { ConnectionCap, handshakeCheck } from './admission.ts';

describe('ConnectionCap', () => {
  it('reserves up to the cap per client, and frees a slot on release', () => {
    const cap = new ConnectionCap(2, () => 0);
    const [a, b, c] = [{}, {}, {}];
    expect(cap.reserve(a, 'x')).toBe(true);
    expect(cap.reserve(b, 'x')).toBe(true);
    expect(cap.reserve(c, 'x')).toBe(false);
    expect(cap.reserve(c, 'y')).toBe(true);
    const release = cap.claim(a, 'x');
    cap.claim(b, 'x');
    expect(cap.count('x')).toBe(2);
    release();
    release(); // once only
    expect(cap.count('x')).toBe(1);
    expect(cap.reserve({}, 'x')).toBe(true);
  });

  it('lets a reservation that never became a connection lapse, but never a connection', () => {
    let clock = 0;
    const cap = new ConnectionCap(1, () => clock, 10_000);
    expect(cap.reserve({}, 'x')).toBe(true);
    clock = 9_999;
    expect(cap.reserve({}, 'x')).toBe(false);
    clock = 10_000;
    const late = {};
    expect(cap.reserve(late, 'x')).toBe(true);
    cap.claim(late, 'x');
    clock = 1_000_000;
    expect(cap.reserve({}, 'x')).toBe(false);
    // A connection whose reservation lapsed still counts.
    const cap2 = new ConnectionCap(1, () => clock, 10);
    const slow = {};
    cap2.reserve(slow, 'z');
    clock += 10;
    cap2.claim(slow, 'z');
    expect(cap2.count('z')).toBe(1);
  });
});

describe('handshakeCheck', () => {
  const SECRET = 'proxy-secret-for-admission-tests-0123456789';
  const check = handshakeCheck({ proxySecret: SECRET, siteUrl: 'https://shop.example/some/path' });
  const handshake = (headers: Record<string, string>, transport = 'websocket', peer = '10.0.0.1') =>
    check({
      url: `/socket.io/?EIO=4&transport=${transport}`,
      headers: { host: 'api.internal:4322', ...headers },
      socket: { remoteAddress: peer },
    });

  it("names the client by the vouched address, keyed, and the peer's otherwise", () => {
    const vouched = { 'x-proxy-secret': SECRET, 'x-forwarded-for': '2001:db8:1:2::9' };
    expect(handshake({ ...vouched, origin: 'https://shop.example' }).client).toBe(
      '2001:db8:1:2::/64',
    );
    expect(handshake({ 'x-forwarded-for': '203.0.113.1', origin: 'x' }).client).toBe('10.0.0.1');
  });

  it("allows SITE_URL's origin and the request's own, nothing else", () => {
    expect(handshake({ origin: 'https://shop.example' }).refused).toBeUndefined();
    expect(handshake({ origin: 'http://api.internal:4322' }).refused).toBeUndefined();
    expect(handshake({ origin: 'https://shop.example/some/path' }).refused).toBeDefined();
    expect(handshake({ origin: 'https://api.internal:4322' }).refused).toBeDefined();
  });

  it('takes no Origin only on a same-origin polling handshake', () => {
    const sameOrigin = { 'sec-fetch-site': 'same-origin' };
    expect(handshake(sameOrigin, 'polling').refused).toBeUndefined();
    expect(handshake(sameOrigin, 'websocket').refused).toMatch(/Origin/);
    expect(handshake({}, 'polling').refused).toMatch(/Origin/);
    expect(handshake({ 'sec-fetch-site': 'none' }, 'polling').refused).toMatch(/Origin/);
  });

  it('works without SITE_URL', () => {
    const bare = handshakeCheck();
    const req = (origin: string) => ({
      headers: { host: 'localhost:4321', origin },
      socket: { remoteAddress: '127.0.0.1' },
    });
    expect(bare(req('http://localhost:4321')).refused).toBeUndefined();
    expect(bare(req('http://localhost:4322')).refused).toBeDefined();
  });
});
