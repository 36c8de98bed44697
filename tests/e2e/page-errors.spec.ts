// The fixture's error watch itself (tests/e2e/page-errors.ts): each kind of problem is heard,
// on later pages too, and only a declared pattern lets one pass. The watch runs on a context
// of the test's own here, so the test can read what it heard instead of failing by it.
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { failedRequest, watchPageErrors, type PageErrorWatch } from './page-errors.ts';

/** A page of a made-up origin, served by the test with the given headers. */
const ORIGIN = 'http://errors.test';

async function watchedContext(
  browser: Browser,
  pages: Record<string, { body: string; headers?: Record<string, string> }>,
  expected: RegExp[] = [],
): Promise<{ context: BrowserContext; watch: PageErrorWatch }> {
  const context = await browser.newContext();
  const watch = await watchPageErrors(context, expected);
  await context.route(`${ORIGIN}/**`, async (route) => {
    const page = pages[new URL(route.request().url()).pathname];
    if (!page) return route.fulfill({ status: 404, body: 'missing' });
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: page.body,
      headers: page.headers ?? {},
    });
  });
  return { context, watch };
}

const texts = (watch: PageErrorWatch) => watch.unexpected().map((p) => `${p.kind}: ${p.text}`);

test('hears console errors, failed asserts and uncaught errors', async ({ browser }) => {
  const { context, watch } = await watchedContext(browser, {
    '/': {
      body: `<script>
        console.error('boom from the page');
        console.assert(1 === 2, 'an assert that failed');
        console.warn('only a warning');
        setTimeout(() => { throw new TypeError('thrown later'); });
        Promise.reject(new RangeError('never caught'));
      </script>`,
    },
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await expect.poll(() => watch.problems.length).toBe(4);
  expect(texts(watch)).toEqual(
    expect.arrayContaining([
      'console error: boom from the page',
      expect.stringMatching(/^console error: .*an assert that failed/),
      'page error: TypeError: thrown later',
      'page error: RangeError: never caught',
    ]),
  );
  expect(() => watch.assertNone()).toThrow(/4 problem\(s\) this test did not expect/);
  await context.close();
});

test('hears CSP violations, enforced and report-only, on pages opened later', async ({
  browser,
}) => {
  const { context, watch } = await watchedContext(browser, {
    '/': {
      body: `<a href="/popup" target="_blank">open</a>`,
    },
    '/popup': {
      headers: {
        'content-security-policy': "script-src 'none'",
        'content-security-policy-report-only': "img-src 'none'",
      },
      body: `<script>document.title = 'ran'</script><img src="/pixel.png" alt="">`,
    },
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  const popup = context.waitForEvent('page');
  await page.getByRole('link', { name: 'open' }).click();
  await (await popup).waitForLoadState();
  await expect
    .poll(() => watch.problems.filter((p) => p.kind === 'CSP violation').map((p) => p.text))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^enforce script-src-elem blocked inline/),
        expect.stringMatching(/^report img-src blocked http:\/\/errors\.test\/pixel\.png/),
      ]),
    );
  expect(watch.problems.find((p) => p.kind === 'CSP violation')?.where).toBe(`${ORIGIN}/popup`);
  await context.close();
});

test('lets through only what the test declared, from the option or in the test', async ({
  browser,
}) => {
  const { context, watch } = await watchedContext(
    browser,
    {
      '/': {
        body: `<script>
          console.error('Failed to load resource: the server responded with a status of 503');
          console.error('expected later in the test');
          console.error('nobody expected this');
        </script>`,
      },
    },
    [/status of 503/g],
  );
  watch.expect(/^expected later/);
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await expect.poll(() => watch.problems.length).toBe(3);
  // Twice: a /g pattern must not stop matching after its first use.
  expect(texts(watch)).toEqual(['console error: nobody expected this']);
  expect(texts(watch)).toEqual(['console error: nobody expected this']);
  await context.close();
});

test('a clean page passes', async ({ browser }) => {
  const { context, watch } = await watchedContext(browser, {
    '/': { body: `<script>console.log('fine'); console.info('fine too')</script><p>ok</p>` },
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await expect(page.getByText('ok')).toBeVisible();
  expect(() => watch.assertNone()).not.toThrow();
  await context.close();
});

test('failedRequest matches the failed request it names and no other', async ({ browser }) => {
  const { context, watch } = await watchedContext(browser, {
    '/': {
      body: `<script>
        fetch('/api/refused', { method: 'POST' });
        fetch('/api/other').catch(() => {});
      </script>`,
    },
  });
  await context.route(`${ORIGIN}/api/**`, (route) =>
    route.request().url().endsWith('/refused')
      ? route.fulfill({ status: 422, json: { error: 'no' } })
      : route.abort('connectionrefused'),
  );
  watch.expect(failedRequest(422, '/api/refused'));
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  await expect.poll(() => watch.problems.length).toBe(2);
  expect(texts(watch)).toEqual([
    'console error: Failed to load resource: net::ERR_CONNECTION_REFUSED',
  ]);
  watch.expect(failedRequest('net::ERR_CONNECTION_REFUSED', '/api/other'));
  expect(texts(watch)).toEqual([]);
  await context.close();
});
