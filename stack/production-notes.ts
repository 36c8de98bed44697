import { parseTrustedProxies } from '../web/trusted-proxies.ts';

export interface ProductionSettings {
  /** nginx's port (PORT). */
  port: number;
  /** The address nginx listens on; unset: every interface. */
  host?: string;
  /** SITE_URL. */
  siteUrl: string;
  /** TRUST_PROXY as written. */
  trustProxy: string;
}

/**
 * What `npm run start:production` says when it starts, beside the ready line: nginx there
 * speaks plain http, so TLS is terminated in front of it; and, when SITE_URL is https, what
 * TRUST_PROXY decides: without a trusted hop nobody's X-Forwarded-Proto is believed and every
 * request looks like http, so the store's same-origin checks refuse the browser's https Origin
 * and HSTS and Secure cookies are never sent. It started silently before, on every interface.
 * @example productionNotes({ port: 4321, siteUrl: 'https://shop.example.com', trustProxy: '' })
 */
export function productionNotes(settings: ProductionSettings): string[] {
  const where = settings.host
    ? `${settings.host}:${String(settings.port)}`
    : `port ${String(settings.port)} of every interface`;
  const notes = [
    `nginx listens for plain http on ${where}; it does not do TLS. Terminate TLS in front of it (a load balancer, a CDN, or a web server with the certificate: docs/deployment.md) and let nothing else reach port ${String(settings.port)}.`,
  ];
  if (new URL(settings.siteUrl).protocol !== 'https:') return notes;
  const ranges = parseTrustedProxies(settings.trustProxy);
  notes.push(
    ranges.length === 0
      ? `SITE_URL is https and TRUST_PROXY is not set: no hop's X-Forwarded-Proto is believed, so behind a TLS terminator every request looks like plain http to the store: cart changes, sign-in and account calls are refused (their https Origin is not the origin it sees), cart cookies lose Secure, no HSTS is sent and checkout links are http. Set TRUST_PROXY to the terminator's addresses (TRUST_PROXY=loopback when it runs on this machine).`
      : `TRUST_PROXY=${settings.trustProxy} (${ranges.join(', ')}): X-Forwarded-For, -Proto and -Host are believed from these hops only, so a request the TLS terminator marks https is treated as https (same-origin checks, Secure cookies, HSTS, https checkout links); the same headers from anyone else count for nothing.`,
  );
  return notes;
}
