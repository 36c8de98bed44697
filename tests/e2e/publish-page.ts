import type { Page } from '@playwright/test';
import { e2eAdminToken } from './admin-token.ts';
import { expect } from './fixtures.ts';

/** The merchandiser's publish page (publisher/page). */
export const PAGE = '/admin/publish';
export const NAME = 'E2E Merchandiser';

export async function signIn(page: Page) {
  await page.goto(PAGE);
  await page.getByLabel('Merchandiser token').fill(e2eAdminToken());
  await page.getByLabel(/Your name/).fill(NAME);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${NAME}`)).toBeVisible();
}
