import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect } from './fixtures.ts';

// Password hashing and mail on a busy machine: generous waits (no timed assertions).
const expect = baseExpect.configure({ timeout: 30_000 });

/** The password of the customers the journeys register. */
export const PASSWORD = 'correct horse 42';
/** What /register says for every email, new or taken (server/routes/auth.ts). */
export const REGISTRATION_SENT =
  'Check your email: we have sent a link to finish creating your account.';

/** The link of the newest email of this kind to `to`, read from the outbox as a path. */
export async function mailedPath(
  admin: APIRequestContext,
  to: string,
  kind: string,
): Promise<string> {
  const outbox = await admin.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`);
  const { emails } = (await outbox.json()) as { emails: { kind: string; link: string }[] };
  const link = new URL(emails.find((mail) => mail.kind === kind)?.link ?? '');
  // The link is on SITE_URL; the test store serves the same paths.
  return link.pathname + link.search;
}

export async function fillRegistration(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/**
 * Registers as a shopper does: the page says to check the mailbox, and the mailed link makes
 * the account and signs in. Each run its own email, so runs and projects never share state.
 */
export async function register(page: Page, admin: APIRequestContext): Promise<string> {
  const email = `shopper-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await fillRegistration(page, email);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(REGISTRATION_SENT);
  await page.goto(await mailedPath(admin, email, 'verify-account'));
  await page.getByRole('button', { name: 'Verify account' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your account is ready, and you are signed in.',
  );
  await page.getByRole('link', { name: 'Go to my account' }).click();
  await expect(page).toHaveURL(/\/myaccount\.asp$/);
  await expect(page.getByText(`(${email})`)).toBeVisible();
  return email;
}
