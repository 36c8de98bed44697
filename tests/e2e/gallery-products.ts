import type { APIRequestContext, Page } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { VIDEO_METAFIELD_KEY } from '../../shared/video.ts';
import { catalogueProducts, expect, productWhere } from './fixtures.ts';

// What the gallery journeys share (tests/e2e/gallery.spec.ts, gallery-video.spec.ts):
// products chosen from the live API by what they hold, the product page's gallery once
// hydrated, and a stand-in for the video host, which the test machine cannot reach.

const { productBase } = storeConfig.theme.paths;
const { video } = storeConfig.theme;

/** A product as the bulk API returns it (the fields the gallery journeys read). */
export interface Detail {
  id: number;
  handle: string;
  title: string;
  imageUrl: string | null;
  Images: { id: number; url: string }[];
  Model3Ds: { url: string }[];
  Metafields: { metafieldKey: string; metafieldValue: string }[];
}

/** Every product of the catalogue, fetched once per worker. */
export const products = (api: APIRequestContext) => catalogueProducts<Detail>(api);

/** A product with two pictures or more: thumbnails to switch, a viewer that can move. */
export const productWithImages = (api: APIRequestContext) =>
  productWhere<Detail>(api, (p) => p.Images.length >= 2);

/** The video metafields of a product. */
export const videosOf = (p: Detail) =>
  p.Metafields.filter((m) => m.metafieldKey === VIDEO_METAFIELD_KEY);

/** The product page's address. */
export const productPath = (product: Detail) => `${productBase}/${product.handle}`;

/** The gallery of the page, once its island has taken over. */
export async function hydratedGallery(page: Page) {
  const gallery = page.locator('[data-gallery]');
  // Hydration waits for React's runtime, which can take a while on a busy shared machine.
  await expect(gallery.locator('astro-island')).not.toHaveAttribute('ssr', /.*/, {
    timeout: 30_000,
  });
  return gallery;
}

/** Opens a product page and waits for the gallery island to take over. */
export async function openGallery(page: Page, product: Detail) {
  const reply = await page.goto(productPath(product));
  expect(reply?.status()).toBe(200);
  return hydratedGallery(page);
}

/** A 1 x 1 transparent PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The origin of the video host's thumbnails ('https://img.youtube.com'). */
export const THUMBNAIL_ORIGIN = new URL(video.thumbnailBase).origin;

/**
 * The video host is outside the test machine's reach: answer for it with a blank page, and
 * with a picture for its thumbnails (the demo's video ids are made up: a 404 there would be
 * a console error on every page with a video). A test that routes the thumbnails itself
 * afterwards wins: Playwright tries the last route registered first.
 */
export async function standInVideoHost(page: Page) {
  await page.route(`${new URL(video.embedBase).origin}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>player</title>' }),
  );
  await page.route(`${THUMBNAIL_ORIGIN}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }),
  );
}

/** Opens the page of a product with two pictures or more, once its gallery has taken over. */
export async function openGalleryWithImages(page: Page, api: APIRequestContext) {
  const product = await productWithImages(api);
  return { product, gallery: await openGallery(page, product) };
}
