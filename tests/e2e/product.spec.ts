import type { APIRequestContext, Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { priceDisplay } from '../../src/lib/catalog/price-display.ts';
import { reviewCountText } from '../../src/lib/catalog/rating.ts';
import { storeConfig } from '../../src/lib/config/index.ts';
import { env } from '../../shared/env.ts';
import { activeContent } from '../../src/lib/product/html-audit.ts';
import { islandScriptFiles } from '../../src/integrations/parallel-prerender/island-scripts.ts';
import { strayCommands } from '../../src/lib/shell/shell-parts.ts';
import { pdfTitle } from '../../src/lib/product/pdf-title.ts';
import { freeShippingNotice, reassuranceTips } from '../../src/lib/product/shipping.ts';
import { ALLOWED_IFRAME_HOSTS } from '../../shared/format/sanitize-html.ts';
import {
  articleUrl,
  catalogueProducts,
  expect,
  expectConsoleError,
  failedRequest,
  productByHandle,
  productWhere,
  test,
} from './fixtures.ts';
import { FIXTURES } from './seed-records.ts';
import { htmlToText } from '../../shared/format/html-text.ts';
import { seriousViolations } from './axe.ts';

// The product page (spec storefront 2 "Product detail page", 3, 5, 9; issue 3 "Product
// pages"). Products are chosen from the live API by what they hold, so any seed works.

const { productBase, collectionBase } = storeConfig.theme.paths;
const { theme } = storeConfig;

/** The fields of GET /api/products/bulk the checks read. */
interface Detail {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  sku: string;
  partNumber: string;
  condition: string;
  price: number;
  compareAtPrice: number | null;
  availableForSale: boolean;
  totalReviews: number;
  isEligibleForFreeShipping: boolean;
  descriptionHtml: string;
  Images: { url: string }[];
  PDFs: { url: string; Attachment: { localFilename: string } }[];
  Reviews: { title: string }[];
  Collections: { id: number; handle: string; title: string }[];
}

/** The catalogue's products (first 1,000 by id: the demo store has fewer). */
const products = (api: APIRequestContext) => catalogueProducts<Detail>(api);

const plain = htmlToText;
const pagePath = (product: Detail) => `${productBase}/${product.handle}`;

async function open(page: Page, product: Detail) {
  const reply = await page.goto(pagePath(product));
  expect(reply?.status()).toBe(200);
  return page.getByRole('region', { name: plain(product.title), exact: true });
}

/**
 * Opens the page of the first catalogue product that `match` accepts; returns the product and
 * its summary region.
 */
async function openWhere(page: Page, api: APIRequestContext, match: (product: Detail) => boolean) {
  const product = await productWhere<Detail>(api, match);
  return { product, summary: await open(page, product) };
}

test.describe('product page', () => {
  test('shows the title, vendor and brand links, part number and canonical URL', async ({
    page,
    api,
  }) => {
    const { product, summary } = await openWhere(
      page,
      api,
      (p) => p.vendor !== '' && p.Collections.length > 0,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(product.title));
    await expect(summary.getByRole('link', { name: product.vendor, exact: true })).toHaveAttribute(
      'href',
      `/search.php?v=${encodeURIComponent(product.vendor)}`,
    );
    await expect(
      summary.getByRole('link', { name: `All ${product.vendor} parts` }),
    ).toHaveAttribute('href', `/brands/${encodeURIComponent(product.vendor)}`);
    await expect(summary.getByText(`Part number: ${product.partNumber}`)).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${pagePath(product)}$`),
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toBeVisible();
    const first = product.Collections[0];
    await expect(crumbs.locator(`a[href="${collectionBase}/${first?.handle ?? ''}"]`)).toHaveCount(
      1,
    );
    await expect(crumbs.getByText(plain(product.title))).toHaveAttribute('aria-current', 'page');
  });

  test('shows the main image eager and first, with its size', async ({ page, api }) => {
    const { product } = await openWhere(page, api, (p) => p.Images.length > 0);
    const main = page.locator('[data-gallery-main]');
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(main).toHaveAttribute('loading', 'eager');
    await expect(main).toHaveAttribute('width', '800');
    await expect(main).toHaveAttribute('src', product.Images[0]?.url ?? '');
    await expect(page.locator('[data-gallery]')).toHaveAttribute(
      'data-product-id',
      String(product.id),
    );
  });

  test('shows the price, compare-at price and saving', async ({ page, api }) => {
    const { product, summary } = await openWhere(
      page,
      api,
      (p) => p.price > 0 && p.availableForSale && (p.compareAtPrice ?? 0) > p.price,
    );
    const shown = priceDisplay(product, theme.storeCurrency);
    await expect(summary.getByText(shown.price, { exact: true })).toBeVisible();
    await expect(summary.getByText(shown.compareAt ?? '', { exact: true })).toBeVisible();
    await expect(summary.getByText(`Save ${shown.saving ?? ''}`)).toBeVisible();
  });

  test('asks to call for the price of a product priced 0', async ({ page, api }) => {
    const product = await productByHandle<Detail>(api, FIXTURES.callForPrice.handle);
    expect(product.price).toBe(0);
    const summary = await open(page, product);
    await expect(summary.getByText('Please call us for price on this product.')).toBeVisible();
  });

  test('shows shipping, compatibility and reassurance', async ({ page, api }) => {
    const { product, summary } = await openWhere(page, api, (p) => p.price > 0);
    // The articles of spec storefront 2 (355, 257, 354), linked at their canonical URLs,
    // which answer at once (no legacy redirect on the way).
    const articles = [
      { name: 'Check compatibility. Ask our experts.', url: await articleUrl(api, 355) },
      { name: 'Shipping details', url: await articleUrl(api, 257) },
      { name: 'Bulk orders', url: await articleUrl(api, 354) },
    ];
    for (const { name, url } of articles) {
      await expect(summary.getByRole('link', { name })).toHaveAttribute('href', url);
      const reply = await page.request.get(url, { maxRedirects: 0 });
      expect(reply.status(), url).toBe(200);
    }
    // Nothing on the page (the questions' "Ask our experts", the description) links the
    // legacy way.
    await expect(page.locator('a[href*="articles.asp" i]')).toHaveCount(0);
    const notice = freeShippingNotice(theme.freeShippingValue, product.isEligibleForFreeShipping);
    await expect(summary.getByText(notice.text, { exact: true })).toBeVisible();
    const eligible = product.isEligibleForFreeShipping && theme.freeShippingValue >= 0;
    await expect(
      summary.getByText(eligible ? '+ Free Shipping' : '+ Calculated at checkout'),
    ).toBeVisible();
    for (const label of [
      'Lowest price guarantee',
      '30 Days Return',
      'Guaranteed Deliver',
      'Free or Flat-Rate Shipping',
    ]) {
      await expect(summary.getByText(label, { exact: true })).toBeVisible();
    }
    const buyBox = page.locator('[data-buy-box]');
    await expect(buyBox).toHaveAttribute('data-product-id', String(product.id));
    await expect(buyBox).toHaveAttribute('data-product-handle', product.handle);
    await expect(page.locator(`[data-product-block][data-product-id="${product.id}"]`)).toHaveCount(
      1,
    );
  });

  test('says Flat-Rate Shipping for a product that is not eligible', async ({ page, api }) => {
    const { summary } = await openWhere(
      page,
      api,
      (p) => !p.isEligibleForFreeShipping && p.price > 0,
    );
    await expect(summary.getByText('+ Calculated at checkout')).toBeVisible();
    await expect(summary.getByText('Flat-Rate Shipping', { exact: true })).toBeVisible();
    // One message: no free-shipping offer beside the flat rate.
    await expect(summary.getByText(/Ships for FREE/)).toHaveCount(0);
  });

  test('links the rating summary to the reviews and lists them', async ({ page, api }) => {
    const { product, summary } = await openWhere(page, api, (p) => p.Reviews.length > 0);
    const text = reviewCountText(product.totalReviews);
    await summary.getByRole('link', { name: new RegExp(text) }).click();
    await expect(page).toHaveURL(/#reviews$/);
    const reviews = page.getByRole('region', { name: 'Reviews', exact: true });
    await expect(reviews.getByText(text, { exact: true })).toBeVisible();
    await expect(
      reviews.getByRole('heading', { name: product.Reviews[0]?.title ?? '' }).first(),
    ).toBeVisible();
  });

  test('says so when there are no reviews', async ({ page, api }) => {
    const { summary } = await openWhere(page, api, (p) => p.Reviews.length === 0);
    await expect(summary.getByRole('link', { name: /No reviews/ })).toBeVisible();
    await expect(
      page.getByText(
        "This product hasn't received any reviews yet. Be the first to review this product!",
      ),
    ).toBeVisible();
  });

  test('has the Q&A block at its anchor', async ({ page, api }) => {
    const product = await productWhere<Detail>(api, () => true);
    await page.goto(`${pagePath(product)}#q&a`);
    const qa = page.getByRole('region', { name: 'Questions & Answers', exact: true });
    await expect(qa).toHaveAttribute('id', 'q&a');
    await expect(qa).toBeInViewport();
  });

  test('shows related products of the same collection', async ({ page, api }) => {
    const all = await products(api);
    const counts = new Map<number, number>();
    for (const p of all) {
      const id = p.Collections[0]?.id;
      if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    await openWhere(page, api, (p) => (counts.get(p.Collections[0]?.id ?? -1) ?? 0) > 1);
    // Its cards come from the API when its place nears the screen.
    await page.locator('[data-recently-viewed-slot]').scrollIntoViewIfNeeded();
    const related = page.getByRole('region', { name: 'Related Products', exact: true });
    await expect(related.getByRole('article').first()).toBeVisible();
  });
});

test.describe('reassurance tooltips', () => {
  const tips = reassuranceTips({
    ...theme.returns,
    freeShippingAmount: theme.freeShippingValue,
  });
  /** Opens a product page and waits until its tooltips are wired (at idle). */
  const openWired = async (page: Page, api: APIRequestContext) => {
    const { summary } = await openWhere(page, api, (p) => p.price > 0);
    await expect(summary.locator('[data-tooltip][data-tooltip-ready]')).toHaveCount(4);
    return summary;
  };

  test('a mouse resting 250 ms shows one; it stays 1 s after the mouse leaves', async ({
    page,
    api,
  }) => {
    // spec storefront 9: product page tooltips show after 250 ms and hide after 1000 ms.
    await page.clock.install();
    const summary = await openWired(page, api);
    // Far enough ahead that a busy machine has not reached it yet (pauseAt cannot go back).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
    const trigger = summary.getByRole('button', { name: '30 Days Return' });
    const tip = page.locator(`#${(await trigger.getAttribute('aria-describedby')) ?? ''}`);
    await expect(trigger).toHaveAccessibleDescription(tips[1]);
    await expect(tip).toBeHidden();

    await trigger.hover();
    await page.clock.runFor(200);
    await expect(tip).toBeHidden();
    await page.clock.runFor(60);
    await expect(tip).toBeVisible();
    await expect(tip).toHaveText(tips[1]);
    await expect(tip).toBeInViewport({ ratio: 1 });

    // Onto the tip itself (to read it): it stays.
    await tip.hover();
    await page.clock.runFor(2000);
    await expect(tip).toBeVisible();
    await page.mouse.move(1, 1);
    await page.clock.runFor(900);
    await expect(tip).toBeVisible();
    await page.clock.runFor(150);
    await expect(tip).toBeHidden();
  });

  test('keyboard focus shows one at once and Escape hides it; one at a time', async ({
    page,
    api,
  }) => {
    const summary = await openWired(page, api);
    await summary.getByRole('link', { name: 'Bulk orders' }).focus();
    await page.keyboard.press('Tab');
    const first = summary.getByRole('button', { name: 'Lowest price guarantee' });
    await expect(first).toBeFocused();
    const tipOf = async (name: string) =>
      page.locator(
        `#${(await summary.getByRole('button', { name }).getAttribute('aria-describedby')) ?? ''}`,
      );
    const firstTip = await tipOf('Lowest price guarantee');
    await expect(firstTip).toBeVisible();
    await expect(firstTip).toHaveText(tips[0]);
    await page.keyboard.press('Escape');
    await expect(firstTip).toBeHidden();
    await expect(first).toBeFocused();

    await page.keyboard.press('Tab');
    await expect(await tipOf('30 Days Return')).toBeVisible();
    await expect(firstTip).toBeHidden();
    await expect(page.getByRole('tooltip')).toHaveCount(1);
  });

  test('a tap shows one and a tap elsewhere hides it', async ({ page, api, isMobile }) => {
    test.skip(!isMobile, 'taps are for the touch screen');
    const summary = await openWired(page, api);
    const trigger = summary.getByRole('button', { name: 'Free or Flat-Rate Shipping' });
    const tip = page.locator(`#${(await trigger.getAttribute('aria-describedby')) ?? ''}`);
    await trigger.tap();
    await expect(tip).toBeVisible();
    await expect(tip).toHaveText(tips[3]);
    await expect(tip).toBeInViewport({ ratio: 1 });
    await summary.getByRole('heading').first().tap();
    await expect(tip).toBeHidden();
  });
});

test.describe('social and feed block', () => {
  interface Article {
    title: string;
    publishedAt: string;
  }

  test('loads the newest articles only when scrolled near, and links the profiles', async ({
    page,
    api,
  }) => {
    const reply = await api.get('/api/articles?limit=100');
    expect(reply.ok()).toBe(true);
    const articles = ((await reply.json()) as { articles: Article[] }).articles;
    expect(articles, 'the demo seed writes articles').not.toHaveLength(0);
    const newest = [...articles].sort(
      (a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt),
    )[0] as Article;
    const feedRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/feeds/articles.json')) feedRequests.push(request.url());
    });
    await open(page, (await products(api))[0] as Detail);
    const block = page.getByRole('region', { name: 'From our blog' });
    // Not loaded with the page: the block is far below the first screen.
    await page.waitForLoadState('load');
    expect(feedRequests).toEqual([]);
    await block.scrollIntoViewIfNeeded();
    await expect(block.getByRole('link', { name: newest.title, exact: true })).toBeVisible();
    await expect(block.getByRole('listitem').filter({ hasText: 'min read' })).toHaveCount(
      Math.min(3, articles.length),
    );
    expect(feedRequests).toHaveLength(1);
    for (const { title } of theme.socialLinks) {
      await expect(block.getByRole('link', { name: new RegExp(`^${title}`) })).toBeVisible();
    }
  });

  test('says so when the feed cannot be loaded, and keeps the blog link', async ({ page, api }) => {
    expectConsoleError(page, failedRequest(503, '/feeds/articles.json'));
    // The block logs why it shows its notice (the shell's own failures are logged, not thrown).
    expectConsoleError(page, /^\[feed\] could not load the article feed: .* answered 503/);
    await page.route('**/feeds/articles.json', (route) => route.fulfill({ status: 503 }));
    await open(page, (await products(api))[0] as Detail);
    const block = page.getByRole('region', { name: 'From our blog' });
    await block.scrollIntoViewIfNeeded();
    await expect(block.getByText('The latest articles could not be loaded.')).toBeVisible();
    await expect(block.getByRole('link', { name: 'Read all articles' })).toBeVisible();
  });
});

test.describe('description and manuals', () => {
  test('a product without PDFs has the Description tab only', async ({ page, api }) => {
    const { product } = await openWhere(page, api, (p) => p.PDFs.length === 0);
    await expect(page.getByRole('tab', { name: 'Description' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tab', { name: 'Manuals' })).toHaveCount(0);
    const panel = page.getByRole('tabpanel', { name: 'Description' });
    if (product.descriptionHtml.trim() === '') {
      await expect(panel.getByText('Fast Shipping. Order Today!')).toBeVisible();
    } else {
      await expect(panel).not.toContainText('Fast Shipping. Order Today!');
    }
  });

  test('an empty description says Fast Shipping. Order Today!', async ({ page, api }) => {
    await openWhere(page, api, (p) => p.descriptionHtml.trim() === '');
    await expect(
      page.getByRole('tabpanel', { name: 'Description' }).getByText('Fast Shipping. Order Today!'),
    ).toBeVisible();
  });

  test('the Manuals tab lists each PDF and works by keyboard', async ({ page, api }) => {
    const { product } = await openWhere(page, api, (p) => p.PDFs.length > 0);
    const description = page.getByRole('tab', { name: 'Description' });
    const manuals = page.getByRole('tab', { name: 'Manuals' });
    await description.focus();
    await page.keyboard.press('ArrowRight');
    await expect(manuals).toBeFocused();
    await expect(manuals).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Manuals' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Description' })).toBeHidden();
    for (const pdf of product.PDFs) {
      await expect(
        panel.getByRole('heading', { name: pdfTitle(pdf.Attachment.localFilename) }),
      ).toBeVisible();
    }
    await page.keyboard.press('Home');
    await expect(description).toHaveAttribute('aria-selected', 'true');
  });

  test('View opens the manual in a large modal', async ({ page, api }) => {
    const { product } = await openWhere(page, api, (p) => p.PDFs.length > 0);
    const pdf = product.PDFs[0];
    const title = pdfTitle(pdf?.Attachment.localFilename ?? '');
    await page.getByRole('tab', { name: 'Manuals' }).click();
    await page.getByRole('button', { name: `View ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', pdf?.url ?? '');
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize();
    expect(box?.width ?? 0).toBeGreaterThan((viewport?.width ?? 0) * 0.8);
    // Centred: as much room on the left as on the right (it sat at the left
    // edge, 20 px short of the right one on a phone).
    const left = box?.x ?? 0;
    const right = (viewport?.width ?? 0) - left - (box?.width ?? 0);
    expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('Download saves the PDF under its stored name', async ({ page, api }) => {
    const { product } = await openWhere(page, api, (p) => p.PDFs.length > 0);
    const pdf = product.PDFs[0];
    const title = pdfTitle(pdf?.Attachment.localFilename ?? '');
    await page.getByRole('tab', { name: 'Manuals' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download ${title}` }).click();
    expect((await download).suggestedFilename()).toBe(pdf?.Attachment.localFilename);
    await expect(page.getByText('Network response was not ok')).toBeHidden();
  });

  test('a failed download says Network response was not ok', async ({ page, api }) => {
    const product = await productWhere<Detail>(api, (p) => p.PDFs.length > 0);
    const pdf = product.PDFs[0];
    expectConsoleError(page, failedRequest(500, pdf?.url ?? '/'));
    await page.route(`**${pdf?.url ?? ''}`, (route) =>
      route.fulfill({ status: 500, body: 'down' }),
    );
    await open(page, product);
    await page.getByRole('tab', { name: 'Manuals' }).click();
    await page
      .getByRole('button', { name: `Download ${pdfTitle(pdf?.Attachment.localFilename ?? '')}` })
      .click();
    await expect(page.getByRole('alert')).toHaveText('Network response was not ok');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the tabs are plain sections and the manuals plain links', async ({ page, api }) => {
    const { product } = await openWhere(page, api, (p) => p.PDFs.length > 0);
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Description', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Manuals', level: 2 })).toBeVisible();
    const pdf = product.PDFs[0];
    await expect(
      page.getByRole('link', { name: `Open ${pdfTitle(pdf?.Attachment.localFilename ?? '')}` }),
    ).toHaveAttribute('href', pdf?.url ?? '');
  });
});

interface Graph {
  '@type': string;
  [key: string]: unknown;
}

test.describe('structured data', () => {
  test('Product, Offer, return policy, shipping and rating, field by field', async ({
    page,
    api,
  }) => {
    const { product } = await openWhere(
      page,
      api,
      (p) => p.Images.length > 0 && p.totalReviews > 0,
    );
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const graphs = blocks.map((text) => JSON.parse(text) as Graph);
    const data = graphs.find((graph) => graph['@type'] === 'Product') as Graph & {
      offers: Record<string, unknown> & {
        hasMerchantReturnPolicy: Record<string, unknown>;
        shippingDetails: Record<string, unknown>;
      };
      aggregateRating: Record<string, unknown>;
      brand: Record<string, unknown>;
      image: string[];
    };
    expect(data).toBeDefined();
    expect(data['@context']).toBe('https://schema.org');
    expect(data['name']).toBe(plain(product.title));
    expect(data['sku']).toBe(product.sku);
    expect(data['mpn']).toBe(product.partNumber);
    expect(data.brand).toEqual({ '@type': 'Brand', name: product.vendor });
    expect(data.image.map((url) => new URL(url).pathname)).toEqual(
      product.Images.map((image) => image.url),
    );
    expect(typeof data['description']).toBe('string');
    expect(new URL(String(data['url'])).pathname).toBe(pagePath(product));

    const offer = data.offers;
    expect(offer['@type']).toBe('Offer');
    expect(offer['price']).toBe(product.price.toFixed(2));
    expect(offer['priceCurrency']).toBe(theme.storeCurrency);
    expect(offer['url']).toBe(data['url']);
    expect(offer['availability']).toBe(
      product.availableForSale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    );
    expect(String(offer['itemCondition'])).toMatch(/^https:\/\/schema\.org\/\w+Condition$/);
    const validUntil = String(offer['priceValidUntil']);
    expect(validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A week after the build: at most 7 days from now, and the build was recent.
    const days = (Date.parse(validUntil) - Date.now()) / 86_400_000;
    expect(days).toBeLessThanOrEqual(7);
    expect(days).toBeGreaterThan(5);

    expect(offer.hasMerchantReturnPolicy).toMatchObject({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'US',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: theme.returns.returnDays,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/RestockingFees',
    });
    expect(offer.shippingDetails).toMatchObject({
      '@type': 'OfferShippingDetails',
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
    });
    expect(data.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      reviewCount: product.totalReviews,
      bestRating: 5,
    });

    const breadcrumbs = graphs.find((graph) => graph['@type'] === 'BreadcrumbList') as Graph & {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(breadcrumbs.itemListElement[0]).toMatchObject({ position: 1, name: 'Home' });
    const last = breadcrumbs.itemListElement.at(-1);
    expect(last?.name).toBe(plain(product.title));
    expect(new URL(last?.item ?? '').pathname).toBe(pagePath(product));
  });

  test('no AggregateRating without reviews', async ({ page, api }) => {
    await openWhere(page, api, (p) => p.totalReviews === 0);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks
      .map((text) => JSON.parse(text) as Graph)
      .find((g) => g['@type'] === 'Product');
    expect(data).toBeDefined();
    expect(data).not.toHaveProperty('aggregateRating');
  });
});

test.describe('other routes to a product', () => {
  test('nested under a collection, it redirects to the canonical URL', async ({ page, api }) => {
    const product = await productWhere<Detail>(api, (p) => p.Collections.length > 0);
    const nested = `${collectionBase}/${product.Collections[0]?.handle ?? ''}/product/${product.handle}`;
    const reply = await api.get(nested, { maxRedirects: 0 });
    expect(reply.status()).toBe(301);
    expect(reply.headers()['location']).toBe(pagePath(product));
    await page.goto(nested);
    await expect(page).toHaveURL(new RegExp(`${pagePath(product)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(product.title));
  });

  test('by its handle alone, it redirects to the canonical URL', async ({ page, api }) => {
    const product = await productWhere<Detail>(api, () => true);
    const reply = await api.get(`/${product.handle}?variant=1`, { maxRedirects: 0 });
    expect(reply.status()).toBe(301);
    expect(reply.headers()['location']).toBe(`${pagePath(product)}?variant=1`);
    await page.goto(`/${product.handle}`);
    await expect(page).toHaveURL(new RegExp(`${pagePath(product)}$`));
  });

  test('an unknown handle is still not found', async ({ api }) => {
    const reply = await api.get('/no-such-part-handle-anywhere', { maxRedirects: 0 });
    expect(reply.status()).toBe(404);
  });
});

test.describe('inert HTML', () => {
  // eslint-disable-next-line no-empty-pattern -- reads files only; Playwright wants the pattern
  test('no built product page carries a handler attribute or a foreign script', async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'reads dist once');
    const root = join(env.BUILD_OUT_DIR, productBase.replace(/^\//, ''));
    // `npm test` names its build (BUILD_OUT_DIR); `npm run test:e2e` alone builds elsewhere.
    test.skip(!existsSync(root), `no build at ${env.BUILD_OUT_DIR}`);
    const handles = await readdir(root);
    expect(handles.length).toBeGreaterThan(0);
    const problems: string[] = [];
    // Islands bring Astro's runtime and hydration directives as classic inline scripts:
    // trusted only as the exact text the installed Astro writes.
    const trusted = await Promise.all(
      ['server/astro-island', 'client/idle', 'client/visible', 'client/load', 'client/media'].map(
        async (name) =>
          ((await import(`astro/runtime/${name}.prebuilt.js`)) as { default: string }).default,
      ),
    );
    // The store's own directive (client:interact), as Astro's own build step inlines it.
    const project = new URL('../../', import.meta.url);
    const builder = pathToFileURL(
      fileURLToPath(new URL('node_modules/astro/dist/core/client-directive/build.js', project)),
    ).href;
    const { buildClientDirectiveEntrypoint } = (await import(builder)) as {
      buildClientDirectiveEntrypoint: (name: string, entry: string, root: URL) => Promise<string>;
    };
    trusted.push(
      await buildClientDirectiveEntrypoint(
        'interact',
        fileURLToPath(new URL('src/integrations/interact-directive/directive.ts', project)),
        project,
      ),
    );
    // The build writes the same scripts as files the pages link (island-scripts.ts): trusted
    // by their names, each of which is checked to hold its script.
    const [runtime, ...directives] = trusted;
    const files = islandScriptFiles(
      ['idle', 'visible', 'load', 'media', 'interact'].map((name, i) => [
        name,
        directives[i] ?? '',
      ]),
    );
    expect(files.get(runtime ?? '')).toBeDefined();
    const sources: string[] = [];
    for (const [text, file] of files) {
      const written = await readFile(join(env.BUILD_OUT_DIR, file), 'utf8').catch(() => undefined);
      if (written === undefined) continue;
      expect(written).toBe(text);
      sources.push(`/${file}`);
    }
    expect(sources.length).toBeGreaterThan(0);
    // Every page of a test store; a sample of a large one keeps the test quick.
    for (const handle of handles.slice(0, 5000)) {
      const html = await readFile(join(root, handle, 'index.html'), 'utf8').catch(() => '');
      for (const problem of activeContent(html, ALLOWED_IFRAME_HOSTS, trusted, sources)) {
        problems.push(`${handle}: ${problem}`);
      }
      // No server-side include but the shell's (the demo's hostile products carry some).
      for (const command of strayCommands(html)) problems.push(`${handle}: ${command}`);
    }
    expect(problems).toEqual([]);
  });
});

test.describe('accessibility', () => {
  test('a product page with manuals has no serious or critical violations', async ({
    page,
    api,
  }) => {
    await openWhere(page, api, (p) => p.PDFs.length > 0);
    expect(await seriousViolations(page, { tags: 'every rule' })).toEqual([]);
    await page.getByRole('tab', { name: 'Manuals' }).click();
    expect(await seriousViolations(page, { tags: 'every rule' })).toEqual([]);
  });
});
