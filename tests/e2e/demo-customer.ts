import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The customer the demo seed always writes (server/seed/accounts.ts). */
export const DEMO_CUSTOMER = { email: 'demo@example.com', password: 'demo-password-2026' };

/** Signs in as the demo customer from the sign-in page, which then goes on to `next`. */
export async function signInAsDemo(page: Page, next: string): Promise<void> {
  await page.goto(`/login.asp?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill(DEMO_CUSTOMER.email);
  await page.getByLabel('Password').fill(DEMO_CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}
