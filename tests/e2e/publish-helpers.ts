import type { Page } from '@playwright/test';
import { env } from '../../src/lib/env.ts';
import { expect } from './fixtures.ts';

/** The merchandiser's publish page (scripts/lib/publish/page). */
export const PAGE = '/admin/publish';
export const NAME = 'E2E Merchandiser';

export async function signIn(page: Page) {
  await page.goto(PAGE);
  await page.getByLabel('Merchandiser token').fill(env.ADMIN_TOKEN);
  await page.getByLabel(/Your name/).fill(NAME);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${NAME}`)).toBeVisible();
}
