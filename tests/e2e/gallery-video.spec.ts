import { storeConfig } from '../../src/lib/config/index.ts';
import { VIDEO_THUMBNAIL_FALLBACK, videoEmbedUrl } from '../../shared/video.ts';
import { expect, expectConsoleError, failedRequest, productWhere, test } from './fixtures.ts';
import {
  THUMBNAIL_ORIGIN,
  hydratedGallery,
  openGallery,
  productPath,
  standInVideoHost,
  videosOf,
  type Detail,
} from './gallery-products.ts';

// Videos in the product page gallery (spec storefront 2, "Gallery"): the player loads only
// when asked for, and a thumbnail the video host cannot deliver shows the store's own video
// picture with its play badge, not a broken image.

const { video } = storeConfig.theme;

/** The console error of a thumbnail the test makes unreachable. */
const unreachableThumbnail = failedRequest('net::ERR_ADDRESS_UNREACHABLE', '/');

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

test.beforeEach(async ({ page }) => {
  await standInVideoHost(page);
});

test.describe('product page videos', () => {
  test('a video plays from the configured embed base only once asked for', async ({
    page,
    api,
  }) => {
    const product = await productWhere<Detail>(api, (p) => videosOf(p).length > 0);
    const gallery = await openGallery(page, product);
    await expect(page.locator('iframe[src^="' + video.embedBase + '"]')).toHaveCount(0);
    await gallery.locator('a[data-kind="video"]').first().click();
    const dialog = page.getByRole('dialog');
    const id = videosOf(product)[0]?.metafieldValue.trim() ?? '';
    await expect(dialog.locator('iframe')).toHaveAttribute(
      'src',
      videoEmbedUrl(id, video.embedBase),
    );
    await expect(dialog.getByText(/^Video \d+ of \d+$/)).toBeVisible();
  });

  test('a thumbnail that failed before the gallery woke shows the fallback picture', async ({
    page,
    api,
  }) => {
    const product = await productWhere<Detail>(api, (p) => videosOf(p).length > 0);
    expectConsoleError(page, unreachableThumbnail);
    // The prerendered page carries no inline handler for this (the CSP would refuse one).
    const html = await (await api.get(productPath(product))).text();
    expect(html).not.toMatch(/<img\b[^>]*\sonerror\s*=/i);

    await page.route(`${THUMBNAIL_ORIGIN}/**`, (route) => route.abort('addressunreachable'));
    // The gallery's code waits until the thumbnail has failed: React was not listening then.
    const island = gate();
    await page.route('**/_astro/Gallery.*.js', async (route) => {
      await island.opened;
      await route.continue();
    });
    await page.goto(productPath(product), { waitUntil: 'domcontentloaded' });
    const gallery = page.locator('[data-gallery]');
    const thumb = gallery.locator('a[data-kind="video"] img').first();
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0))
      .toBe(true);
    await expect(gallery.locator('astro-island')).toHaveAttribute('ssr', '');

    island.open();
    await hydratedGallery(page);
    await expect(thumb).toHaveAttribute('src', VIDEO_THUMBNAIL_FALLBACK);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(thumb).toBeVisible();
    await expect(thumb).toHaveAccessibleName(/, video/);
    // The play badge is still on it.
    await expect(gallery.locator('a[data-kind="video"] .badge').first()).toHaveText('▶');
    await expect(gallery.locator('a[data-kind="video"] .badge').first()).toBeVisible();
  });

  test('a thumbnail that fails after the gallery woke, and in the viewer, shows the fallback', async ({
    page,
    api,
  }) => {
    const product = await productWhere<Detail>(api, (p) => videosOf(p).length > 0);
    expectConsoleError(page, unreachableThumbnail);
    // The thumbnail's answer waits for the island, then fails.
    const hydrated = gate();
    await page.route(`${THUMBNAIL_ORIGIN}/**`, async (route) => {
      await hydrated.opened;
      await route.abort('addressunreachable');
    });
    await page.goto(productPath(product), { waitUntil: 'domcontentloaded' });
    const gallery = await hydratedGallery(page);
    const thumb = gallery.locator('a[data-kind="video"] img').first();
    await expect(thumb).not.toHaveAttribute('src', VIDEO_THUMBNAIL_FALLBACK);
    hydrated.open();
    await expect(thumb).toHaveAttribute('src', VIDEO_THUMBNAIL_FALLBACK);
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // The full-screen viewer's strip of thumbnails falls back the same way.
    await gallery.locator('a[data-kind="video"]').first().click();
    const strip = page.getByRole('dialog').getByRole('list', { name: 'All media' });
    const stripThumb = strip
      .getByRole('button', { name: /^Video \d+ of \d+:/ })
      .first()
      .locator('img');
    await expect(stripThumb).toHaveAttribute('src', VIDEO_THUMBNAIL_FALLBACK);
    await expect
      .poll(() => stripThumb.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });
});
