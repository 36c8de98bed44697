import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { env } from '../../src/lib/env.ts';
import { expect, expectConsoleError, failedRequest, test } from './fixtures.ts';

// The merchandiser's publish page (issue 12 item 1) on the running store, with its real
// publisher: sign in, publish and follow the progress, find it in the history, roll back.

const PAGE = '/admin/publish';
const NAME = 'E2E Merchandiser';

/** A publish of the test store's catalogue on these 2 cores, with the other specs running. */
const PUBLISH_TIMEOUT = 240_000;

async function signIn(page: Page) {
  await page.goto(PAGE);
  await page.getByLabel('Merchandiser token').fill(env.ADMIN_TOKEN);
  await page.getByLabel(/Your name/).fill(NAME);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${NAME}`)).toBeVisible();
}

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter(({ impact }) => impact === 'serious' || impact === 'critical');
  expect(
    serious.map(({ id, nodes }) => `${id}: ${nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the page is no part of the public site: noindex, no-store, its own strict policy', async ({
  page,
}) => {
  const response = await page.goto(PAGE);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['x-robots-tag']).toBe('noindex');
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a wrong token is refused and nothing else is shown', async ({ page }) => {
  expectConsoleError(page, failedRequest(401, '/api/admin/publish'));
  await page.goto(PAGE);
  await page.getByLabel('Merchandiser token').fill('not-the-merchandiser-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The merchandiser token was not accepted. Sign in again.',
  );
  await expect(page.getByRole('heading', { name: 'Live site' })).toBeHidden();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('signed in, the page shows the live release, what is not published and the history', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.locator('#live')).toHaveText(/^Release \d{8}-\d{6}-[0-9a-f]{4}, published /);
  await expect(
    page.getByText(
      /^(Every change is live\.|[\d,]+( or more)? changes? (is|are) not published yet\.)$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish changes' })).toBeVisible();
  await expectNoSeriousViolations(page);
  // The token stays with this tab: a reload keeps the merchandiser signed in.
  await page.reload();
  await expect(page.getByText(`Signed in as ${NAME}`)).toBeVisible();
});

test('a merchandiser publishes, follows it to the end, and rolls back', async ({
  page,
}, testInfo) => {
  // One publish journey per run: the phone project would publish on the same store at the
  // same time, and its rollback would meet this test's publish (409).
  test.skip(testInfo.project.name !== 'desktop', 'the publish journey runs in the desktop project');
  test.setTimeout(PUBLISH_TIMEOUT + 60_000);
  await signIn(page);
  const live = page.locator('#live');
  await expect(live).toHaveText(/^Release /);
  const before = /^Release (\S+),/.exec((await live.textContent()) ?? '')?.[1] ?? '';
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') asked.push(new URL(request.url()).pathname);
  });

  await page.getByRole('button', { name: 'Publish changes' }).dblclick();
  await expect(page.getByRole('progressbar', { name: 'Progress of the publish' })).toBeVisible();
  const status = page.getByRole('status');
  await expect(status).toHaveText(/^Publish \d{8}-\d{6}-[0-9a-f]{4}(?: is queued| is live|:)/);
  const id = /^Publish (\S+?)(?: is|:)/.exec((await status.textContent()) ?? '')?.[1] ?? '';
  await expect(status).toHaveText(new RegExp(`^Publish ${id} is live, in `), {
    timeout: PUBLISH_TIMEOUT,
  });
  expect(asked).toEqual(['/api/admin/publish']);
  await expect(page.getByRole('button', { name: 'Publish changes' })).toBeEnabled();
  await expect(live).toHaveText(new RegExp(`^Release ${id}, published `));

  const newest = page.getByRole('row').filter({ hasText: id });
  await expect(newest).toHaveCount(1);
  await expect(newest).toContainText('Done');
  await expect(newest).toContainText(`admin:${NAME}`);
  await expect(newest).toContainText('This page');
  await expect(newest).toContainText(/pages rendered/);

  await page.getByRole('button', { name: 'Roll back to the previous publish' }).click();
  await page.getByRole('button', { name: 'Yes, roll back' }).click();
  await expect(status).toHaveText(/^Rollback \d{8}-\d{6}-[0-9a-f]{4} is live/, {
    timeout: PUBLISH_TIMEOUT,
  });
  await expect(live).toHaveText(new RegExp(`^Release ${before}, published `));
  expect(asked).toEqual(['/api/admin/publish', '/api/admin/publish/rollback']);
  const home = await page.request.get('/');
  expect(home.status()).toBe(200);
});
