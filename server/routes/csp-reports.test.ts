import { describe, expect, it } from 'vitest';
import { connectedFrom } from '../testing/accounts.ts';
import { TEST_ADMIN_TOKEN, testApp } from '../testing/app.ts';
import { CSP_REPORT_LIMIT } from './csp-reports.ts';

/** A report as Chromium sends it to report-to (the Reporting API). */
const reportingApi = (
  blocked: string,
  page = 'https://shop.example.test/reset-password?token=s3cret',
) => [
  {
    type: 'csp-violation',
    age: 10,
    url: page,
    user_agent: 'Chromium',
    body: {
      documentURL: page,
      effectiveDirective: 'script-src-elem',
      blockedURL: blocked,
      sourceFile: 'https://shop.example.test/_astro/app.js?v=1',
      lineNumber: 12,
      disposition: 'enforce',
    },
  },
];

/** The same as report-uri sends it. */
const reportUri = (blocked: string) => ({
  'csp-report': {
    'document-uri': 'https://shop.example.test/products/load-wheel#reviews',
    'violated-directive': 'img-src',
    'effective-directive': 'img-src',
    'blocked-uri': blocked,
  },
});

function store() {
  let now = Date.parse('2026-11-27T12:00:00Z');
  const { app } = testApp({ now: () => now });
  const post = (body: unknown, type = 'application/reports+json', from = '203.0.113.4') =>
    app.request(
      'http://localhost/api/csp-reports',
      { method: 'POST', headers: { 'content-type': type }, body: JSON.stringify(body) },
      connectedFrom(from),
    );
  const read = async (token = TEST_ADMIN_TOKEN) => {
    const reply = await app.request('http://localhost/api/admin/csp-reports', {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: reply.status,
      body: (await reply.json()) as { reports: Record<string, unknown>[] },
    };
  };
  return { post, read, wait: (ms: number) => (now += ms) };
}

describe('CSP reports (issue 28)', () => {
  it('keeps each kind of violation once with its count, for the operator to read', async () => {
    const { post, read } = store();
    expect((await post(reportingApi('https://evil.example/x.js?id=1'))).status).toBe(204);
    await post(reportingApi('https://evil.example/x.js?id=2'));
    expect(
      (await post(reportUri('https://cdn.elsewhere.example/a.jpg'), 'application/csp-report'))
        .status,
    ).toBe(204);
    const { status, body } = await read();
    expect(status).toBe(200);
    expect(body.reports).toEqual([
      expect.objectContaining({
        page: '/products/load-wheel',
        directive: 'img-src',
        blocked: 'https://cdn.elsewhere.example/a.jpg',
        count: 1,
      }),
      expect.objectContaining({
        // No query: a reset link's token never lands in the list.
        page: '/reset-password',
        directive: 'script-src-elem',
        blocked: 'https://evil.example/x.js',
        source: 'https://shop.example.test/_astro/app.js:12',
        disposition: 'enforce',
        count: 2,
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain('s3cret');
  });

  it('is read with the merchandiser token only', async () => {
    const { read } = store();
    expect((await read('not-the-token-abcdefgh')).status).toBe(401);
  });

  it('answers 204 to anything, keeps nothing that is not a report, and caps each address', async () => {
    const { post, read, wait } = store();
    for (const [body, type] of [
      [{ hello: 'world' }, 'application/json'],
      ['not json at all', 'text/plain'],
      [[{ type: 'deprecation', body: {} }], 'application/reports+json'],
    ] as const) {
      expect((await post(body, type)).status).toBe(204);
    }
    expect((await read()).body.reports).toEqual([]);
    for (let i = 0; i < CSP_REPORT_LIMIT.max; i++)
      await post(reportingApi(`https://e.example/${String(i)}.js`));
    expect((await post(reportingApi('https://e.example/over.js'))).status).toBe(429);
    expect(
      (await post(reportingApi('https://e.example/other.js'), undefined, '198.51.100.2')).status,
    ).toBe(204);
    wait(CSP_REPORT_LIMIT.windowMs);
    expect((await post(reportingApi('https://e.example/later.js'))).status).toBe(204);
  });
});
