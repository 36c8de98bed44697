import type { APIRequestContext, Page } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import {
  DEFAULT_ERROR,
  INVALID_PRODUCT_ID,
  NO_IMAGES,
  PRODUCT_ID_REQUIRED,
} from '../../src/lib/product/media-api.ts';
import { SLIDER_ITEM_WIDTH } from '../../src/lib/shell/slider.ts';
import { RECENTLY_VIEWED_KEY } from '../../src/stores/recently-viewed.ts';
import {
  expect,
  expectConsoleError,
  failedRequest,
  needed,
  productWhere,
  test,
} from './fixtures.ts';
import {
  openGallery,
  openGalleryWithImages,
  productWithImages,
  type Detail,
  products,
  standInVideoHost,
  videosOf,
} from './gallery-products.ts';
import { seriousViolations } from './axe.ts';
import { dragAcross } from './pointer.ts';
import { expectSpecStep, specStep } from './slider-steps.ts';
import { htmlToText } from '../../shared/format/html-text.ts';

// The gallery and its viewers ("Gallery and viewer"; spec storefront 2 "Gallery",
// 4 recently viewed; account-and-shell 2.8). Products are chosen from the live API by what
// they hold, so any seed works; a kind the seed lacks is skipped, not faked. Videos:
// tests/e2e/gallery-video.spec.ts.

const { productBase } = storeConfig.theme.paths;
const plain = htmlToText;

test.beforeEach(async ({ page }) => {
  await standInVideoHost(page);
});

test.describe('product page gallery', () => {
  test('a thumbnail switches the main picture', async ({ page, api }) => {
    const { product, gallery } = await openGalleryWithImages(page, api);
    const thumbs = gallery
      .getByRole('list', { name: 'Product media' })
      .locator('a[data-kind="image"]');
    await expect(thumbs).toHaveCount(product.Images.length);
    await expect(thumbs.first()).toHaveAttribute('aria-current', 'true');
    await thumbs.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`${productBase}/${product.handle}$`));
    await expect(gallery.locator('[data-gallery-main]')).toHaveAttribute(
      'src',
      product.Images[1]?.url ?? '',
    );
    await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(thumbs.first()).not.toHaveAttribute('aria-current', 'true');
  });

  test('the viewer opens from the keyboard, moves with the arrows, keeps the focus and gives it back on Escape', async ({
    page,
    api,
  }) => {
    const { product, gallery } = await openGalleryWithImages(page, api);
    const opener = gallery.getByRole('link', { name: /Open the full-screen viewer/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: plain(product.title) });
    await expect(dialog).toBeVisible();
    const count = product.Images.length + product.Model3Ds.length + videosOf(product).length;
    await expect(dialog.getByText(`Image 1 of ${String(count)}`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close viewer' })).toBeFocused();

    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText(`Image 2 of ${String(count)}`)).toBeVisible();
    await expect(dialog.locator('.viewer-slide img')).toHaveAttribute(
      'src',
      product.Images[1]?.url ?? '',
    );
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    // Wraps from the first item to the last.
    await expect(dialog.locator('.viewer-count')).toHaveText(
      new RegExp(`${String(count)} of ${String(count)}$`),
    );
    await page.keyboard.press('Home');
    await expect(dialog.getByText(`Image 1 of ${String(count)}`)).toBeVisible();

    // Tab and Shift+Tab stay inside the dialog, however often they are pressed.
    for (let step = 0; step < count + 6; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    for (let step = 0; step < 3; step += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    // Scrolling of the page behind is locked while the viewer is open.
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  });

  test('the close button closes the viewer and the main picture follows the last image seen', async ({
    page,
    api,
  }) => {
    const { product, gallery } = await openGalleryWithImages(page, api);
    await gallery.getByRole('link', { name: /Open the full-screen viewer/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Close viewer' }).click();
    await expect(dialog).toBeHidden();
    await expect(gallery.locator('[data-gallery-main]')).toHaveAttribute(
      'src',
      product.Images[1]?.url ?? '',
    );
  });

  test('a 3D model opens in <model-viewer>, whose code loads only then', async ({ page, api }) => {
    const product = await productWhere<Detail>(api, (p) => p.Model3Ds.length > 0);
    // The .glb itself is held back: WebGL runs in software on the test machines, and drawing
    // the model can take the page's main thread for minutes. The element, its attributes and
    // the on-demand code are what this page owns; model-viewer draws the model.
    const modelAsked: string[] = [];
    // model-viewer logs the model it could not fetch.
    expectConsoleError(page, failedRequest('net::ERR_FAILED', '/api/media/models/'));
    expectConsoleError(page, /^TypeError: Failed to fetch\s[\s\S]*\/_astro\/model-viewer\./);
    await page.route('**/api/media/models/**', (route) => {
      modelAsked.push(route.request().url());
      return route.abort();
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const gallery = await openGallery(page, product);
    await expect(page.locator('model-viewer')).toHaveCount(0);
    const before = scripts.length;
    expect(await page.evaluate(() => customElements.get('model-viewer'))).toBeUndefined();

    await gallery.locator('a[data-kind="model"]').first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/^3D model \d+ of \d+$/)).toBeVisible();
    const viewer = dialog.locator('model-viewer');
    await expect(viewer).toHaveAttribute('src', product.Model3Ds[0]?.url ?? '');
    await expect(viewer).toHaveAttribute('camera-controls', '');
    expect(await page.evaluate(() => customElements.get('model-viewer') !== undefined)).toBe(true);
    // The component came as scripts fetched after the page had loaded, and asked for the model.
    expect(scripts.length).toBeGreaterThan(before);
    await expect.poll(() => modelAsked.length).toBeGreaterThan(0);
  });

  test('the open viewer has no serious accessibility violations', async ({ page, api }) => {
    test.setTimeout(120_000);
    const { gallery } = await openGalleryWithImages(page, api);
    await gallery.getByRole('link', { name: /Open the full-screen viewer/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousViolations(page, { within: 'dialog.viewer' })).toEqual([]);
  });
});

test.describe('/productimage.php', () => {
  test('shows the title, the main image, thumbnails and Image N of M, full screen', async ({
    page,
    api,
  }) => {
    const product = await productWithImages(api);
    const reply = await page.goto(`/productimage.php?product_id=${String(product.id)}`);
    expect(reply?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const total = product.Images.length;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(product.title));
    await expect(page.getByText(`Image 1 of ${String(total)}`)).toBeVisible();
    const main = page.locator('.piv-main');
    await expect(main).toHaveAttribute('src', product.Images[0]?.url ?? '');
    const thumbs = page.getByRole('list', { name: 'Images' }).getByRole('button');
    await expect(thumbs).toHaveCount(total);
    await thumbs.nth(1).click();
    await expect(page.getByText(`Image 2 of ${String(total)}`)).toBeVisible();
    await expect(main).toHaveAttribute('src', product.Images[1]?.url ?? '');
    await expect(thumbs.nth(1)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText(`Image 1 of ${String(total)}`)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText(`Image ${String(total)} of ${String(total)}`)).toBeVisible();
    // Full screen, and the page under it does not scroll.
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    const box = await page.locator('.product-image-viewer').boundingBox();
    const size = page.viewportSize();
    expect(box?.width).toBe(size?.width);
    expect(box?.height).toBe(size?.height);
    await expect(page.getByRole('link', { name: 'Back to product' })).toHaveAttribute(
      'href',
      `${productBase}/${product.handle}`,
    );
  });

  test("says 'Product ID is required to display images.' without product_id", async ({ page }) => {
    await page.goto('/productimage.php');
    await expect(page.getByRole('alert').filter({ hasText: PRODUCT_ID_REQUIRED })).toBeVisible();
    await page.goto('/productimage.php?product_id=');
    await expect(page.getByRole('alert').filter({ hasText: PRODUCT_ID_REQUIRED })).toBeVisible();
  });

  test('refuses a product_id that is not a number, and an unknown product', async ({ page }) => {
    await page.goto('/productimage.php?product_id=abc');
    await expect(page.getByRole('alert').filter({ hasText: INVALID_PRODUCT_ID })).toBeVisible();
    expectConsoleError(page, failedRequest(404, '/api/products/999999999'));
    await page.goto('/productimage.php?product_id=999999999');
    // The API's own words, inline and as a danger notification (account-and-shell 8).
    await expect(
      page.locator('.piv-error').filter({ hasText: 'Product not found.' }),
    ).toBeVisible();
    await expect(
      page.locator('.toast-danger').filter({ hasText: 'Product not found.' }),
    ).toBeVisible();
  });

  test("says 'No images available for this product.' for a product without pictures", async ({
    page,
    api,
  }) => {
    const product = await productWhere<Detail>(api, () => true);
    await page.route(`**/api/products/${String(product.id)}`, (route) =>
      route.fulfill({
        json: {
          product: {
            id: product.id,
            title: product.title,
            handle: product.handle,
            imageUrl: null,
            Images: [],
          },
        },
      }),
    );
    await page.goto(`/productimage.php?product_id=${String(product.id)}`);
    await expect(page.getByText(NO_IMAGES)).toBeVisible();
    await expect(page.getByText(/^Image \d+ of/)).toHaveCount(0);
  });

  test('a failed call shows a clear error instead of an empty page', async ({ page }) => {
    expectConsoleError(page, failedRequest('net::ERR_CONNECTION_REFUSED', '/api/products/5'));
    await page.route('**/api/products/5', (route) => route.abort('connectionrefused'));
    await page.goto('/productimage.php?product_id=5');
    await expect(page.locator('.piv-error')).toHaveText(DEFAULT_ERROR);
    await expect(page.locator('.toast-danger').filter({ hasText: DEFAULT_ERROR })).toBeVisible();
  });

  test('has no serious accessibility violations', async ({ page, api }) => {
    test.setTimeout(120_000);
    const product = await productWithImages(api);
    await page.goto(`/productimage.php?product_id=${String(product.id)}`);
    await expect(page.getByText(/^Image 1 of/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/**
 * Opens a product page with the recently viewed list set to `ids` (null: none). The buy box
 * records the page's own view when it hydrates and writes the whole list back; seeding storage
 * before that write lands would be overwritten, so this waits for it, then seeds and reloads.
 */
async function openWithRecentlyViewed(page: Page, here: Detail, ids: number[] | null) {
  await page.goto(`${productBase}/${here.handle}`);
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), RECENTLY_VIEWED_KEY))
    .toBe(String(here.id));
  await page.evaluate(
    ([key, value]) => {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    },
    [RECENTLY_VIEWED_KEY, ids?.join(',') ?? null] as const,
  );
  await page.reload();
  await reachStrip(page);
}

/**
 * The first product's page with the recently viewed strip of the `count` products after it in
 * the catalogue, viewed before it.
 */
async function stripAfterViewing(page: Page, api: APIRequestContext, count: number) {
  const all = await products(api);
  expect(all.length, 'products in the store').toBeGreaterThanOrEqual(count + 1);
  const [here, ...viewed] = all.slice(0, count + 1) as [Detail, ...Detail[]];
  await openWithRecentlyViewed(
    page,
    here,
    [here, ...viewed].map((p) => p.id),
  );
  return { strip: page.getByRole('region', { name: 'Recently Viewed' }), viewed };
}

/**
 * Scrolls to the strip's place at the page's foot, just above the blog feed, and waits for it
 * to hydrate: it wakes when it comes within a screen of view.
 */
async function reachStrip(page: Page) {
  await page.getByRole('heading', { name: 'From our blog' }).scrollIntoViewIfNeeded();
  await expect(
    page.locator('astro-island[component-url*="/RecentlyViewed."]').and(page.locator('[ssr]')),
  ).toHaveCount(0);
}

test.describe('recently viewed strip', () => {
  test('shows the products viewed before, not this one, and remove hides a card for good', async ({
    page,
    api,
  }) => {
    const all = await products(api);
    expect(all.length, 'products in the store').toBeGreaterThanOrEqual(4);
    const [a, b, c, here] = all as [Detail, Detail, Detail, Detail];
    await openWithRecentlyViewed(page, here, [here.id, a.id, b.id, c.id]);
    const strip = page.getByRole('region', { name: 'Recently Viewed' });
    const cards = strip.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toHaveAccessibleName(plain(a.title));
    await expect(strip.getByRole('article', { name: plain(here.title), exact: true })).toHaveCount(
      0,
    );

    // On a phone the second card is only partly in view: a press of Next brings it in. Its
    // Remove button may then sit where Next was, and a click there within the double-click
    // time counts as a second click (detail 2), which remove buttons ignore on purpose
    // (src/islands/shared/single-click.ts); so after Next the keyboard presses it.
    const next = strip.getByRole('button', { name: 'Next Recently Viewed' });
    const removeB = strip.getByRole('button', {
      name: `Remove ${plain(b.title)} from recently viewed`,
    });
    if (await next.isEnabled()) {
      await next.click();
      await expect(removeB).toBeInViewport();
      await removeB.press('Enter');
    } else {
      await removeB.click();
    }
    await expect(cards).toHaveCount(2);
    await expect(strip.getByRole('article', { name: plain(b.title), exact: true })).toHaveCount(0);
    const stored = await page.evaluate((key) => localStorage.getItem(key), RECENTLY_VIEWED_KEY);
    expect(stored?.split(',')).not.toContain(String(b.id));
    expect(stored?.split(',')).toContain(String(a.id));

    await page.reload();
    await reachStrip(page);
    await expect(cards).toHaveCount(2);
    await expect(strip.getByRole('article', { name: plain(b.title), exact: true })).toHaveCount(0);
  });

  test('is a slider: arrows, a 15 percent swipe, and a removal at the end leaves no gap', async ({
    page,
    api,
  }) => {
    const { strip, viewed } = await stripAfterViewing(page, api, 8);
    const cards = strip.getByRole('article');
    await expect(cards).toHaveCount(8);
    await strip.scrollIntoViewIfNeeded();
    const viewport = strip.locator('.recent-viewport');
    const previous = strip.getByRole('button', { name: 'Previous Recently Viewed' });
    const next = strip.getByRole('button', { name: 'Next Recently Viewed' });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();

    await dragAcross(page, viewport, 0.1);
    await expect(previous).toBeDisabled(); // less than 15 percent: still at the first card
    await dragAcross(page, viewport, 0.2);
    await expect(previous).toBeEnabled();
    await dragAcross(page, viewport, -0.2);
    await expect(previous).toBeDisabled();

    // To the end with the arrow, then remove the last card: the strip stays filled.
    while (await next.isEnabled()) await next.click();
    await strip
      .getByRole('button', {
        name: `Remove ${plain(viewed.at(-1)?.title ?? '')} from recently viewed`,
      })
      .click();
    await expect(cards).toHaveCount(7);
    await expect(next).toBeDisabled();
    // Left past the end, a whole empty slot (a card and its gap) would show at the right.
    const area = await viewport.boundingBox();
    await expect
      .poll(async () => {
        const last = await cards.last().boundingBox();
        return last && area ? area.x + area.width - (last.x + last.width) : NaN;
      })
      .toBeLessThan(SLIDER_ITEM_WIDTH + 16);
    await expect(cards.last()).toBeInViewport();
  });

  test("moves the spec's step: 2 cards on a phone, 5 on a desktop", async ({
    page,
    api,
    isMobile,
  }) => {
    const { strip } = await stripAfterViewing(page, api, 12);
    await expect(strip.getByRole('article')).toHaveCount(12);
    await strip.scrollIntoViewIfNeeded();
    await expect(strip.getByRole('button', { name: 'Previous Recently Viewed' })).toBeDisabled();
    await expectSpecStep(
      strip.locator('.recent-viewport'),
      strip.getByRole('button', { name: 'Next Recently Viewed' }),
      { step: specStep(isMobile), count: 12 },
    );
  });

  test('is absent when nothing else was viewed', async ({ page, api }) => {
    const first = needed((await products(api))[0], 'product');
    await openWithRecentlyViewed(page, first, null);
    await expect(page.locator('[data-gallery] astro-island')).not.toHaveAttribute('ssr', /.*/);
    // Hydrated (openWithRecentlyViewed waited for it) and still absent.
    await expect(page.getByRole('region', { name: 'Recently Viewed' })).toHaveCount(0);
  });
});
