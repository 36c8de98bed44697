import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// the JavaScript a shopper's browser runs, as it runs it. Content pages
// (brands, articles, help) whose only islands are the header's search box and cart button
// load React only when the shopper reaches for one of them (client:interact,
// src/integrations/interact-directive): before that they ship at most CONTENT_LIMIT bytes of
// gzipped JavaScript. A product page ships at most PRODUCT_LIMIT in all: everything it fetches
// without the shopper. Counted: every script the page fetched (each file gzipped on its own,
// as a server sends it) plus its inline scripts.
// Measured on the 240-product e2e build (2026-11-25): before the directive every content
// page ran about 98,000 bytes at idle (React's client 65,830 of it); with it, brands 28,000,
// help and an article 27,778, when socket.io-client for the realtime visit events was 13,440
// of it; since the visit goes over a plain WebSocket (src/lib/shell/realtime-socket.ts, 1,740
// with the visit rules) brands 16,972, help and an article 16,750.
const CONTENT_LIMIT = 30_000;
// The target for a product page: 100,000 bytes in all. Measured 131,206 on 2026-11-25
// (React DOM's client 65,830 of it, socket.io-client 13,440, zod 6,145); then 99,713 (with the
// support chat's entry script, 421, arriving the same day): the realtime visit over a plain
// WebSocket (socket.io-client only as the fallback where one cannot open), the buy box's
// reply checked without zod, the header's islands and the recently viewed strip waiting for
// the shopper, the gallery's full-screen viewer and the related products' slider loaded when
// headed for. React (its client, react, the JSX runtime, the bundler runtime) is 69,338.
// Issue 29 (stock note, call-for-price rule, support block) brought it to 100,111; the cards'
// add module (759) now waits, like the slider, for the related products to come near: 99,482.
// Issue 31's fit check adds its loader alone (about 350; the rest loads for a shopper with a
// machine chosen or who presses its button): 99,943.
const PRODUCT_LIMIT = 100_000;

/** Waits until the page has fetched what it fetches without the shopper: idle and quiet. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })),
  );
  await page.waitForLoadState('networkidle');
}

/** Follows the scripts a page fetches; `bytes()` is their gzipped size plus inline scripts. */
function watchScripts(page: Page, api: APIRequestContext) {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  return {
    urls,
    async bytes(): Promise<number> {
      let total = 0;
      for (const url of urls) {
        const reply = await api.get(url, { headers: { 'accept-encoding': 'identity' } });
        expect(reply.ok(), url).toBe(true);
        total += gzipSync(await reply.body()).length;
      }
      const inline = await page.$$eval('script:not([src])', (scripts) =>
        scripts
          .filter((script) => !/json/.test(script.getAttribute('type') ?? ''))
          .map((script) => script.textContent),
      );
      for (const code of inline) total += gzipSync(code).length;
      return total;
    },
  };
}

async function firstArticle(api: APIRequestContext): Promise<string> {
  const html = await (await api.get('/articles')).text();
  const href = /href="(\/articles\/[a-z0-9-]+)"/.exec(html)?.[1];
  if (!href) throw new Error('the demo has no article linked from /articles');
  return href;
}

test.describe('JavaScript a shopper runs', () => {
  for (const [name, path] of [
    ['brands', '/brands'],
    ['help', '/help.asp'],
    ['an article', ''],
  ] as const) {
    test(`${name} ships at most ${String(CONTENT_LIMIT)} bytes before the shopper acts, and React when the search box is reached for`, async ({
      page,
      api,
    }) => {
      const scripts = watchScripts(page, api);
      await page.goto(path || (await firstArticle(api)));
      await settle(page);
      const before = await scripts.bytes();
      console.log(`${name}: ${String(before)} bytes before interaction`);
      expect(before).toBeLessThanOrEqual(CONTENT_LIMIT);
      // No island woke: React's renderer was not fetched.
      const renderer = await page.locator('astro-island').first().getAttribute('renderer-url');
      expect(renderer).toBeTruthy();
      expect([...scripts.urls].some((url) => url.endsWith(renderer ?? '-'))).toBe(false);

      // Reaching for the box hydrates it (and so loads React); what was typed stays.
      const box = page.locator('header input[name="q"]');
      await box.click();
      await page.keyboard.type('whe');
      await page
        .locator('header astro-island:not([ssr])')
        .filter({ has: page.locator('input[name="q"]') })
        .waitFor({ state: 'attached' });
      await expect(box).toHaveValue('whe');
    });
  }

  test(`a product page ships at most ${String(PRODUCT_LIMIT)} bytes in all`, async ({
    page,
    api,
  }) => {
    const reply = await api.get('/api/products?limit=1');
    const { products } = (await reply.json()) as { products: { handle: string }[] };
    const scripts = watchScripts(page, api);
    await page.goto(`/products/${products[0]?.handle ?? ''}`);
    await settle(page);
    // What wakes without the shopper: the buy box, its price and the gallery at idle. The
    // header's search box and cart button wait for the shopper (client:interact), the
    // recently viewed strip for its place to come near the screen, the full-screen viewer and
    // the related products' slider likewise: none of them is part of the page until then.
    const all = await scripts.bytes();
    console.log(`product page: ${String(all)} bytes in all`);
    for (const waiting of [
      'SearchBox',
      'CartButton',
      'RecentlyViewed',
      'RelatedProducts',
      'ViewerDialog',
      'card-add',
    ]) {
      expect([...scripts.urls].filter((url) => url.includes(`/_astro/${waiting}.`))).toEqual([]);
    }
    expect(all).toBeLessThanOrEqual(PRODUCT_LIMIT);
    // Headed for, the related products' cards come: their add buttons work.
    await page.locator('[data-recently-viewed-slot]').scrollIntoViewIfNeeded();
    const related = page.locator(
      '[data-slider] button[data-card-add-button][data-for-sale="true"]',
    );
    await expect(related.first()).toBeEnabled();
  });

  test(`a model page ships at most ${String(PRODUCT_LIMIT)} bytes before the shopper acts`, async ({
    page,
    api,
  }) => {
    // Issue 31: 'model pages and product pages stay within today's JavaScript budgets'. A
    // model page is a product page's kin (React for its one island in view, 'Save as my
    // machine'), held to the product page's limit; its list of every part waits for the
    // shopper to scroll to it.
    const reply = await api.get('/api/machines/crown/pth50');
    expect(reply.ok()).toBe(true);
    const scripts = watchScripts(page, api);
    await page.goto('/machines/crown/pth50');
    await settle(page);
    const all = await scripts.bytes();
    console.log(`model page: ${String(all)} bytes in all`);
    for (const waiting of ['SearchBox', 'CartButton', 'ResultsList']) {
      expect([...scripts.urls].filter((url) => url.includes(`/_astro/${waiting}.`))).toEqual([]);
    }
    expect(all).toBeLessThanOrEqual(PRODUCT_LIMIT);
  });

  test('the cart count shows before the cart button hydrates, and the button takes over', async ({
    page,
    api,
  }) => {
    // A cart with one line, made through the API in this browser's session.
    const reply = await api.get('/api/products/filter?limit=24');
    const { products } = (await reply.json()) as {
      products: { inventoryLevelId?: number | null; availableForSale: boolean }[];
    };
    const level = products.find((card) => card.availableForSale && card.inventoryLevelId);
    await page.goto('/brands');
    // From the page, as the store's own scripts call the API (the API refuses other origins).
    const status = await page.evaluate(async (inventoryLevelId) => {
      const reply = await fetch('/api/checkouts/lineItems', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ inventoryLevelId, quantity: 2 }),
      });
      return reply.status;
    }, level?.inventoryLevelId ?? 0);
    expect(status).toBe(200);
    await page.reload();
    const count = page.getByTestId('cart-count');
    await expect(count).toContainText('2');
    // Not hydrated yet: the count is the plain script's.
    await expect(page.locator('[data-header-cart] astro-island')).toHaveAttribute('ssr', '');
    await page.locator('[data-header-cart]').hover();
    await expect(page.locator('[data-header-cart] astro-island')).not.toHaveAttribute('ssr');
    await expect(count).toHaveCount(1);
    await expect(count).toContainText('2');
    await page.locator('[data-header-cart] button').click();
    await expect(page.getByRole('dialog', { name: /cart/i })).toBeVisible();
  });
});
