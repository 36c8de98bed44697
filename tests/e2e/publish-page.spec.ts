import type { Page } from '@playwright/test';
import { expect, expectConsoleError, failedRequest, test } from './fixtures.ts';
import { NAME, PAGE, signIn } from './publish-page.ts';
import { seriousViolations } from './axe.ts';

// The merchandiser's publish page on the running store: what it shows and
// who may see it. The publish journey itself is publish-journey.spec.ts, run after the rest.

async function expectNoSeriousViolations(page: Page) {
  expect(
    await seriousViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }),
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
