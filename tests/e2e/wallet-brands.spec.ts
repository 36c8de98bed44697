import type { APIRequestContext, Page } from '@playwright/test';
import { cardBrandIcon } from '../../src/lib/payment/payment-icons.ts';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

// Wallet card brands as pictures (spec account-and-shell 2.4: "Each card
// shows the last four digits, expiry as month/year, holder name, a brand icon"): every brand
// the API names (3: visa, mastercard, american_express, discover, other) shows its picture
// with its name as the text alternative, the footer's own picture for the brands it lists.
// One fresh customer per test, made and given its cards through the API's own pages.

test.describe.configure({ timeout: 120_000 });

/** Luhn-valid test numbers; the API tells the brand by the leading digits. */
const CARDS = [
  { brand: 'visa', number: '4242 4242 4242 4242', last4: '4242' },
  { brand: 'mastercard', number: '5555 5555 5555 4444', last4: '4444' },
  { brand: 'american_express', number: '3782 822463 10005', last4: '0005' },
  { brand: 'discover', number: '6011 1111 1111 1117', last4: '1117' },
  // A JCB number: a brand the wallet has no picture of, so 'other'.
  { brand: 'other', number: '3530 1113 3330 0000', last4: '0000' },
] as const;

/**
 * A new customer, signed in in the page's browser context: registered and verified through
 * the API as the registration pages call it, with the mailed link from the outbox.
 */
async function newCustomer(page: Page, admin: APIRequestContext, origin: string) {
  const email = `wallet-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const headers = { origin };
  const registered = await page.request.post('/api/auth/register', {
    headers,
    data: { email, password: 'correct horse 42', firstName: 'Ada', lastName: 'Lovelace' },
  });
  expect(registered.status()).toBe(202);
  const outbox = await admin.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
  const { emails } = (await outbox.json()) as { emails: { kind: string; link: string }[] };
  const link = emails.find((mail) => mail.kind === 'verify-account')?.link ?? '';
  const token = new URL(link).searchParams.get('token') ?? '';
  const verified = await page.request.post('/api/auth/verifyAccount', { headers, data: { token } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { user } = (await (await page.request.get('/api/user')).json()) as {
    user: { id: number } | null;
  };
  if (!user) throw new Error('verifying the account did not sign the customer in');
  return user.id;
}

/** Adds a card through the add-payment page the wallet's popup opens (its form's POST). */
async function addCard(page: Page, origin: string, userId: number, number: string) {
  const wallet = await page.request.get(`/api/user/${String(userId)}/paymentMethods`);
  const { _links } = (await wallet.json()) as { _links: { addPaymentMethod: { href: string } } };
  const href = _links.addPaymentMethod.href;
  const saved = await page.request.post(href, {
    headers: { origin },
    form: {
      token: new URL(href, origin).searchParams.get('token') ?? '',
      number,
      expMonth: '8',
      expYear: '2035',
      name: 'Ada Lovelace',
      mailingAddressId: '',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test('every card brand shows its picture, named by its text alternative, and fits the screen', async ({
  page,
  admin,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const userId = await newCustomer(page, admin, origin);
  for (const card of CARDS) await addCard(page, origin, userId, card.number);

  await page.goto('/wallet');
  const footerPayments = page.getByRole('list', { name: 'Accepted payments' });
  for (const card of CARDS) {
    const icon = cardBrandIcon(card.brand);
    const item = page.getByRole('listitem', { name: `${icon.name} ending ${card.last4}` });
    await expect(item).toBeVisible();
    // The heading reads the picture's name, not the digits' dots.
    await expect(item.getByRole('heading', { level: 3 })).toHaveAccessibleName(
      `${icon.name} ending ${card.last4}`,
    );
    const picture = item.getByRole('img', { name: icon.name, exact: true });
    await expect(picture).toHaveAttribute('src', icon.src);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The footer's picture of the same brand is the very same file.
    if (card.brand !== 'other') {
      await expect(
        footerPayments.getByRole('img', { name: icon.name, exact: true }),
      ).toHaveAttribute('src', icon.src);
    }
    // No brand written out as text beside its picture any more.
    await expect(item).not.toContainText(icon.name);
  }
  await expect(page.getByRole('img', { name: 'Card', exact: true })).toHaveAttribute(
    'src',
    '/payment/card.svg',
  );

  // Stacked on a phone, side by side on a desktop: each card whole on the screen, its picture
  // beside its last four digits.
  const width = await page.evaluate(() => window.innerWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  for (const card of CARDS) {
    const icon = cardBrandIcon(card.brand);
    const item = page.getByRole('listitem', { name: `${icon.name} ending ${card.last4}` });
    const box = await item.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
    const picture = await item.getByRole('img').boundingBox();
    const digits = await item.getByText(card.last4, { exact: true }).boundingBox();
    expect(
      Math.abs(
        (picture?.y ?? 0) +
          (picture?.height ?? 0) / 2 -
          ((digits?.y ?? 0) + (digits?.height ?? 0) / 2),
      ),
    ).toBeLessThan(6);
    expect((digits?.x ?? 0) > (picture?.x ?? 0) + (picture?.width ?? 0)).toBe(true);
  }

  expect(
    await seriousViolations(page, { within: '.cards', tags: 'every rule', impact: 'any' }),
  ).toEqual([]);
});
