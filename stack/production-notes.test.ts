import { describe, expect, it } from 'vitest';
import { productionNotes } from './production-notes.ts';

describe('productionNotes', () => {
  it('says that nginx speaks plain http, on every interface, and TLS goes in front', () => {
    const notes = productionNotes({
      port: 4321,
      siteUrl: 'http://localhost:4321',
      trustProxy: '',
    });
    expect(notes).toEqual([
      expect.stringMatching(
        /^nginx listens for plain http on port 4321 of every interface; it does not do TLS\. Terminate TLS in front of it .* let nothing else reach port 4321\.$/,
      ),
    ]);
    expect(
      productionNotes({
        port: 8080,
        host: '10.0.0.5',
        siteUrl: 'http://localhost',
        trustProxy: '',
      })[0],
    ).toMatch(/plain http on 10\.0\.0\.5:8080;/);
  });

  it.each([
    {
      what: 'warns, with an https SITE_URL, that without TRUST_PROXY every request looks like http',
      trustProxy: '',
      says: [
        /^SITE_URL is https and TRUST_PROXY is not set: no hop's X-Forwarded-Proto is believed/,
        /cart cookies lose Secure, no HSTS is sent/,
        /TRUST_PROXY=loopback when it runs on this machine/,
      ],
    },
    {
      what: 'says what TRUST_PROXY is set to and what it believes',
      trustProxy: 'loopback,10.1.2.3',
      says: [
        /^TRUST_PROXY=loopback,10\.1\.2\.3 \(127\.0\.0\.0\/8, ::1\/128, 10\.1\.2\.3\/32\): X-Forwarded-For, -Proto and -Host are believed from these hops only/,
        /Secure cookies, HSTS/,
      ],
    },
  ])('$what', ({ trustProxy, says }) => {
    const [, trust] = productionNotes({
      port: 4321,
      siteUrl: 'https://shop.example.com',
      trustProxy,
    });
    for (const pattern of says) expect(trust).toMatch(pattern);
  });
});
