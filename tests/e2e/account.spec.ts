import type { Page } from '@playwright/test';
import { signInAsDemo } from './demo-customer.ts';
import { expect as baseExpect, expectConsoleError, failedRequest, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';
import { fillRegistration, mailedPath, PASSWORD, register, REGISTRATION_SENT } from './register.ts';

// Customer account journeys (spec account-and-shell 2.3 to 2.5): each test registers
// its own customer through the pages, so runs and projects never share state.

// Each journey signs in, hashes passwords and runs axe several times: generous limits for a
// busy machine (no timed assertions; these only bound the waiting).
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** Signs out and waits for the home page the logout page goes on to. */
async function signOut(page: Page) {
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
}

async function fillAddress(page: Page, fields: { address1: string; company?: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Country').selectOption('US');
  await dialog.getByLabel('State').selectOption('TX');
  await dialog.getByLabel('Address line 1').fill(fields.address1);
  await dialog.getByLabel('City (optional)').fill('Austin');
  await dialog.getByLabel('Postal code').fill('78701');
  await dialog.getByLabel('First name').fill('Grace');
  await dialog.getByLabel('Last name').fill('Hopper');
  await dialog.getByLabel('Company (optional)').fill(fields.company ?? '');
  await dialog.getByLabel('Phone').fill('+1 212 736 3100');
}

async function axe(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('register, add, edit, set default and delete addresses, then sign out', async ({
  page,
  admin,
}) => {
  await register(page, admin);
  await expect(page.getByText('Account has no addresses')).toBeVisible();

  await page.getByRole('button', { name: 'Add an address' }).click();
  await fillAddress(page, { address1: '1 First St' });
  // spec 5: marks show the valid state only.
  await expect(page.getByRole('dialog').getByLabel('Postal code')).toHaveClass(/valid/);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Address updated successfully')).toBeVisible();
  const first = page.getByRole('listitem', { name: 'Default Address: Grace Hopper' });
  await expect(first).toContainText('1 First St');

  await page.getByRole('button', { name: 'Add an address' }).click();
  await fillAddress(page, { address1: '2 Second Ave', company: 'Navy Labs' });
  await page.getByRole('button', { name: 'Confirm' }).click();
  const second = page.getByRole('listitem', { name: 'Mailing Address: Navy Labs' });
  await expect(second).toContainText('Grace Hopper');

  // Edit: the modal is titled 'Edit Mailing Address' and holds the address.
  await second.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Mailing Address' });
  await expect(dialog.getByLabel('Address line 1')).toHaveValue('2 Second Ave');
  await dialog.getByLabel('Address line 1').fill('22 Second Ave');
  await dialog.getByLabel('Make this my default address').check();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('listitem', { name: 'Default Address: Navy Labs' })).toContainText(
    '22 Second Ave',
  );
  await expect(page.getByRole('listitem', { name: 'Mailing Address: Grace Hopper' })).toBeVisible();

  // Delete the non-default one.
  page.once('dialog', (d) => void d.accept());
  await page
    .getByRole('listitem', { name: 'Mailing Address: Grace Hopper' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('listitem', { name: 'Mailing Address: Grace Hopper' })).toHaveCount(
    0,
  );
  await expect(page.getByRole('listitem')).toContainText(['22 Second Ave']);
  await axe(page);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/login\.asp\?next=%2Fwallet$/);
});

test('wallet: add a card through the popup, update its address, delete it; filter transactions', async ({
  page,
  admin,
}) => {
  await register(page, admin);
  await page.getByRole('button', { name: 'Add an address' }).click();
  await fillAddress(page, { address1: '5 Wallet Rd' });
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('5 Wallet Rd')).toBeVisible();

  await page.goto('/wallet');
  await expect(page.getByRole('tab', { name: 'Payment methods' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('No payment methods for this account')).toBeVisible();
  await axe(page);

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Add new payment method' }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Card number').fill('4242 4242 4242 4242');
  await popup.getByLabel('Expiry year').selectOption({ index: 3 });
  await popup.getByLabel('Name on card').fill('Grace Hopper');
  await popup.getByRole('button', { name: 'Save card' }).click();
  await popup.waitForEvent('close');
  const card = page.getByRole('listitem', { name: 'Visa ending 4242' });
  await expect(card).toContainText('Grace Hopper');

  await card.getByRole('button', { name: 'Edit' }).click();
  const update = page.getByRole('dialog', { name: 'Update card address' });
  await expect(update.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await update.getByRole('radio').first().check();
  await update.getByRole('button', { name: 'Save Changes' }).click();
  await expect(update).toBeHidden();
  await expect(card).toContainText('5 Wallet Rd');

  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete payment method' });
  await expect(confirm).toContainText('Are you sure you want to delete this payment method?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Payment method deleted successfully')).toBeVisible();
  await expect(page.getByText('No payment methods for this account')).toBeVisible();

  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await expect(page.getByText('No transactions for this account')).toBeVisible();
});

test('the demo customer filters transactions and sees status badges', async ({ page }) => {
  await signInAsDemo(page, '/wallet');
  await expect(page.getByText('Gift card wallet')).toBeVisible();
  await expect(page.getByText('50.00')).toBeVisible();
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await expect(page.getByRole('row')).toHaveCount(5);
  await expect(page.getByText('$189.50')).toBeVisible();
  await expect(page.getByRole('row', { name: /TXN-100502/ })).toContainText('N/A');
  await expect(page.getByText('PENDING')).toHaveClass(/warning/);
  await expect(page.getByText('FAILURE')).toHaveClass(/danger/);
  await page.getByLabel('Transaction displayable Id').fill('100467');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row', { name: /TXN-100467/ })).toBeVisible();
  await axe(page);

  await page.goto('/orders.asp');
  await page.getByRole('link', { name: 'DEMO-1001' }).click();
  await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Order DEMO-1001' })).toBeVisible();
  // Its parts are the catalogue's (server/seed/accounts.ts), at the price paid then.
  const total = await page.evaluate(async () => {
    const reply = await fetch('/api/customer/orders');
    const { orders } = (await reply.json()) as {
      orders: { displayableId: string; total: string }[];
    };
    return orders.find((order) => order.displayableId === 'DEMO-1001')?.total ?? '';
  });
  expect(total).toMatch(/^\d+\.\d{2}$/);
  await expect(page.getByText(`Order total: $${total}`)).toBeVisible();
  await axe(page);
});

test('recovery email: none, then unverified, then verification sent', async ({ page, admin }) => {
  await register(page, admin);
  await page.goto('/recovery-email');
  await expect(page.getByRole('button', { name: 'Add' })).toBeVisible();
  await axe(page);
  const backup = `backup-${Date.now()}@example.com`;
  await page.getByLabel('Recovery email').fill(backup);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Recovery email updated successfully')).toBeVisible();
  await expect(page.getByText('Your recovery email is not verified')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify now' }).click();
  await expect(
    page.getByText(
      'Verification link has been sent to your recovery email. Please check your recovery email and follow the instructions.',
    ),
  ).toBeVisible();
  const outbox = await admin.get(`/api/admin/outbox?to=${encodeURIComponent(backup)}`);
  const { emails } = (await outbox.json()) as { emails: { link: string }[] };
  expect(emails).toHaveLength(1);
  await page.goto(new URL(emails[0]?.link ?? '').pathname + new URL(emails[0]?.link ?? '').search);
  await expect(page.getByText('Recovery email verified')).toBeVisible();
});

test('sign-in pages show clear errors and pass axe', async ({ page }) => {
  expectConsoleError(page, failedRequest(401, '/api/auth/login'));
  await page.goto('/login.asp');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await axe(page);
  for (const path of [
    '/register',
    '/recover-account',
    '/start-verification',
    '/reset-password',
    '/verify-account',
    '/change-password',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await axe(page);
  }
  await page.goto('/recover-account');
  // An email of its own each run: one client address may ask for one mailbox only a few
  // times an hour (server/accounts/mail-budget.ts), and reruns come from the same address.
  await page.getByLabel('Email').fill(`ghost-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(
    'If an account exists for that email',
  );
});

test('registering a taken email reads as for a new one; the owner is told by email', async ({
  page,
  admin,
}) => {
  const email = await register(page, admin);
  await signOut(page);
  await fillRegistration(page, email);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(REGISTRATION_SENT);
  expect(await mailedPath(admin, email, 'account-exists')).toBe('/login.asp');
});

test('after repeated failures the owner still signs in, the bot check taken for them', async ({
  page,
  admin,
  api,
}) => {
  const email = await register(page, admin);
  await signOut(page);
  // The refusal that asks for the bot check is the point of this test.
  expectConsoleError(page, failedRequest(401, '/api/auth/login'));
  // Five wrong passwords (then sign-in asks for the bot check). This address
  // is made to wait, growing, between failures: each try waits as long as Retry-After says.
  for (let failures = 0; failures < 5;) {
    const reply = await api.post('/api/auth/login', { data: { email, password: 'wrong guess' } });
    if (reply.status() === 429) {
      const seconds = Number(reply.headers()['retry-after']);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      continue;
    }
    expect(reply.status()).toBe(401);
    failures += 1;
  }
  // The same address waits a few seconds after the last failure: the right password without
  // a token is answered 429 until then, and then asked for the bot check (neither counts).
  for (;;) {
    const reply = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
    if (reply.status() !== 429) {
      expect(await reply.json()).toMatchObject({ botCheckRequired: true });
      break;
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Number(reply.headers()['retry-after']) * 1000),
    );
  }
  await page.goto('/login.asp');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The form is asked for the bot check, solves the API's proof-of-work challenge in the page
  // (production's difficulty: a second or two here, more on a busy machine) and signs in.
  await expect(page).toHaveURL(/\/myaccount\.asp$/);
  await expect(page.getByText(`(${email})`)).toBeVisible();
});
