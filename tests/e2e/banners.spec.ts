import type { APIRequestContext, Locator } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { expect, test } from './fixtures.ts';

// Banners say something the page around them does not (issue 29, item 7): a collection's
// banner does not repeat the heading right above it, in its picture or its alt text, and a
// product page's two banners are two different pictures. The demo's banners are SVGs whose
// words are their <text> elements (server/media/pictures.ts).

const { theme } = storeConfig;

/** A collection as GET /api/collections lists it (the fields read here). */
interface ApiCollection {
  title: string;
  handle: string;
  parentId: number | null;
  images: Record<string, { imagePath: string; altText: string } | undefined>;
}

/** Words as compared here: lower case, punctuation and spacing aside. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The words the picture of an <img> draws: its SVG's text, fetched as the page fetched it. */
function drawnWords(img: Locator): Promise<string> {
  return img.evaluate(async (element) => {
    const source = await (await fetch((element as HTMLImageElement).currentSrc)).text();
    const svg = new DOMParser().parseFromString(source, 'image/svg+xml');
    return [...svg.querySelectorAll('text')].map((text) => text.textContent ?? '').join(' ');
  });
}

/** Waits until an <img> has loaded, so that its currentSrc is the picture it shows. */
async function loaded(img: Locator): Promise<Locator> {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((element) => (element as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  return img;
}

async function bannerText(img: Locator) {
  await loaded(img);
  return { alt: (await img.getAttribute('alt')) ?? '', drawn: await drawnWords(img) };
}

async function collectionsWithBanners(api: APIRequestContext): Promise<ApiCollection[]> {
  const reply = await api.get('/api/collections?sortBy=id_asc&limit=500');
  expect(reply.ok()).toBe(true);
  const { collections } = (await reply.json()) as { collections: ApiCollection[] };
  const placement = theme.imagePlacements.collection.topBanner;
  return collections.filter((c) => c.images[placement]);
}

test.describe('banners', () => {
  test("a collection's banner does not repeat its heading", async ({ page, api }) => {
    const all = await collectionsWithBanners(api);
    // The top-level collections (every one has a banner in the demo) and one below them.
    const chosen = [
      ...all.filter((c) => c.parentId === null).slice(0, 3),
      ...all.filter((c) => c.parentId !== null).slice(0, 1),
    ];
    expect(chosen.length, 'collections with a top banner').toBeGreaterThanOrEqual(2);
    for (const collection of chosen) {
      await page.goto(`${theme.paths.collectionBase}/${collection.handle}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(collection.title);
      const src = collection.images[theme.imagePlacements.collection.topBanner]?.imagePath ?? '';
      const { alt, drawn } = await bannerText(page.locator(`main img[src="${src}"]`));
      const title = words(collection.title);
      expect(words(drawn), `${collection.handle}: the words in its banner`).not.toContain(title);
      expect(words(alt), `${collection.handle}: its banner's alt text`).not.toContain(title);
    }
  });

  test("a pallet-jack product page names 'Pallet Jack Parts' in one banner", async ({ page }) => {
    // Products of the 'Pallet Jack Parts' collection, whose top banner is that collection's
    // and whose bottom banner links to it (theme.links.palletJackPartsCollection).
    await page.goto(theme.links.palletJackPartsCollection);
    const links = page
      .getByRole('region', { name: 'Products' })
      .getByRole('article')
      .getByRole('heading')
      .getByRole('link');
    const hrefs = (await links.evaluateAll((all) => all.map((a) => a.getAttribute('href'))))
      .filter((href): href is string => Boolean(href))
      .slice(0, 2);
    expect(hrefs.length, 'products in Pallet Jack Parts').toBeGreaterThan(0);
    for (const href of hrefs) {
      await page.goto(href);
      const banners = page.locator('.banners img');
      const shown = [];
      for (const img of await banners.all()) shown.push(await bannerText(img));
      expect(shown.length, `${href}: the bottom banner at least`).toBeGreaterThanOrEqual(1);
      const drawn = shown.map((banner) => words(banner.drawn));
      expect(new Set(drawn).size, `${href}: the words of its banners`).toBe(drawn.length);
      const alts = shown.map((banner) => words(banner.alt)).filter(Boolean);
      expect(new Set(alts).size, `${href}: its banners' alt texts`).toBe(alts.length);
      // Main showed the collection's banner beside the bottom banner, both 'Pallet Jack Parts'.
      const naming = shown.filter((banner) =>
        [banner.alt, banner.drawn].some((text) => words(text).includes('pallet jack parts')),
      );
      expect(naming.length, `${href}: banners naming Pallet Jack Parts`).toBe(1);
    }
  });
});
