import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile, openDatabase, seedDemo, startApi, type ApiServer } from '../server/index.ts';
import { temporaryDir } from '../stack/stack.ts';
import { ChangeDescriber, productFacts } from './describe-changes.ts';
import { changesSince } from './feed.ts';
import { merchandiser, withoutIds } from './merchandiser-client.ts';

// The describer against the reference API and a live release as a build writes the parts it
// reads: the search records and the product pages' structured data.
const work = temporaryDir('describe-changes-');
const token = 'describe-changes-token-0123456789abcdef';
let api: ApiServer;

interface Card {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  price: number;
  availableForSale: boolean;
}

/** A product page's JSON-LD as src/lib/product/json-ld.ts writes it, in the part read here. */
const productPage = (card: Card) =>
  `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: card.title,
    brand: { '@type': 'Brand', name: card.vendor },
    offers: {
      '@type': 'Offer',
      price: card.price.toFixed(2),
      availability: `https://schema.org/${card.availableForSale ? 'InStock' : 'OutOfStock'}`,
    },
  })}</script></head><body></body></html>`;

let cards: Card[];
const live = { id: '20261129-120000-aaaa', dir: join(work.path, 'release') };
let cursor = 0;

beforeAll(async () => {
  const dataDir = join(work.path, 'data');
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(databaseFile(dataDir));
  seedDemo(db, { products: 6, seed: 1 });
  db.close();
  api = await startApi({ port: 0, host: '127.0.0.1', dataDir, adminToken: token });
  cards = ((await (await fetch(`${api.url}/api/products?limit=6`)).json()) as { products: Card[] })
    .products;
  const { collections } = (await (await fetch(`${api.url}/api/collections?limit=1`)).json()) as {
    collections: { id: number; handle: string; title: string }[];
  };
  const records = [
    ...cards.map((card) => ({
      id: card.id,
      url: `/products/${card.handle}`,
      meta: { title: card.title },
      filters: { type: ['product'] },
    })),
    ...collections.map((c) => ({
      url: `/collections/${c.handle}`,
      meta: { title: c.title },
      filters: { type: ['collection'], categoryId: [String(c.id)] },
    })),
  ];
  mkdirSync(join(live.dir, '_server'), { recursive: true });
  writeFileSync(join(live.dir, '_server', 'search-records.json'), JSON.stringify(records));
  for (const card of cards) {
    mkdirSync(join(live.dir, 'products', card.handle), { recursive: true });
    writeFileSync(join(live.dir, 'products', card.handle, 'index.html'), productPage(card));
  }
  cursor = (
    (await (
      await fetch(`${api.url}/api/changes/cursor`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { cursor: number }
  ).cursor;
});

afterAll(async () => {
  await api.close();
  work.remove();
});

const admin = <T>(method: string, path: string, body?: unknown) =>
  merchandiser(api.url, token)<T>(method, path, body);

const pendingNow = async () =>
  (await changesSince({ apiUrl: api.url, adminToken: token }, cursor)).changes;

describe('ChangeDescriber', () => {
  it('names each pending change and says what changed from the live site', async () => {
    const [priced, stocked, renamed, deleted] = cards;
    if (!priced || !stocked || !renamed || !deleted) throw new Error('Too few products.');
    const newPrice = Math.round(priced.price * 100 + 101) / 100;
    await admin('PATCH', `/api/admin/products/${String(priced.id)}`, { price: newPrice });
    const product = await admin<{ variants: { id: number }[] }>(
      'GET',
      `/api/admin/products/${String(stocked.id)}`,
    );
    await admin('PATCH', `/api/admin/products/${String(stocked.id)}/inventory`, {
      variantId: product.variants[0]?.id,
      availableQuantity: 0,
    });
    await admin('PATCH', `/api/admin/products/${String(renamed.id)}`, {
      title: `${renamed.title} Mk II`,
    });
    await admin('DELETE', `/api/admin/products/${String(deleted.id)}`);

    const described = await new ChangeDescriber({ apiUrl: api.url, adminToken: token }).describe(
      live,
      await pendingNow(),
    );
    const of = (id: number) =>
      described.find((change) => change.entity === 'product' && change.id === id);
    const money = (n: number) => `$${n.toFixed(2)}`;
    expect(of(priced.id)).toMatchObject({
      name: priced.title,
      detail: `Price ${money(priced.price)} → ${money(newPrice)}`,
    });
    expect(of(stocked.id)).toMatchObject({
      name: stocked.title,
      detail: 'In stock → out of stock',
    });
    expect(of(renamed.id)).toMatchObject({
      name: `${renamed.title} Mk II`,
      detail: `Name ${renamed.title} → ${renamed.title} Mk II`,
    });
    expect(of(deleted.id)).toMatchObject({ name: deleted.title, detail: 'Deleted' });
  });

  it('says a new product is new, and leaves a change it cannot describe as the feed gave it', async () => {
    // A copy of a live product under a new handle, as a merchandiser's import would add one.
    const template = cards[4];
    if (!template) throw new Error('Too few products.');
    const record = await admin<Record<string, unknown>>(
      'GET',
      `/api/admin/products/${String(template.id)}`,
    );
    const { product: created } = await admin<{ product: { id: number } }>(
      'POST',
      '/api/admin/products',
      {
        ...withoutIds(record),
        handle: 'describe-new-pump',
        title: 'Describe New Hydraulic Pump',
        sku: 'DESC-NEW-1',
        productCode: 'DESC-NEW-1',
      },
    );
    const changes = await pendingNow();
    const describer = new ChangeDescriber({ apiUrl: api.url, adminToken: token });
    const described = await describer.describe(live, changes);
    expect(described.find((change) => change.id === created.id)).toMatchObject({
      name: 'Describe New Hydraulic Pump',
      detail: `New: $${template.price.toFixed(2)}, ${template.availableForSale ? 'in stock' : 'out of stock'}`,
    });

    // The catalogue API gone: the rows stay as the feed gave them, the page still lists them.
    const offline = new ChangeDescriber({ apiUrl: 'http://127.0.0.1:9', adminToken: token });
    const plain = await offline.describe(live, changes);
    expect(plain).toHaveLength(changes.length);
    expect(plain.every((change) => change.name === undefined && change.detail === undefined)).toBe(
      true,
    );
  });
});

describe('a collection renamed, then one deleted', () => {
  it('is named with its old and new title, and is the one change: no member is logged', async () => {
    const { collections } = (await (await fetch(`${api.url}/api/collections?limit=1`)).json()) as {
      collections: { id: number; title: string }[];
    };
    const [renamed] = collections;
    if (!renamed) throw new Error('No collection.');
    const path = `/api/admin/collections/${String(renamed.id)}`;
    const before = await pendingNow();
    await admin('PUT', path, {
      ...(await admin<object>('GET', path)),
      title: 'Hand Pallet Truck Parts',
    });
    const pending = await pendingNow();
    const described = await new ChangeDescriber({ apiUrl: api.url, adminToken: token }).describe(
      live,
      pending,
    );
    const row = described.find((c) => c.entity === 'collection' && c.id === renamed.id);
    expect(row).toMatchObject({
      name: 'Hand Pallet Truck Parts',
      detail: `Renamed ${renamed.title} → Hand Pallet Truck Parts`,
    });
    // Its members' pages take its title from the collection list (src/data/trails.ts).
    expect(pending.length).toBe(before.length + 1);
  });

  it("logs a deleted collection's members, which say why they changed", async () => {
    const member = api.db
      .prepare(
        `SELECT pc.collection_id AS id FROM product_collections pc
         WHERE pc.product_id NOT IN (${cards
           .slice(0, 4)
           .map((card) => String(card.id))
           .join(',')})
         AND NOT EXISTS (SELECT 1 FROM collections c WHERE c.parent_id = pc.collection_id)
         GROUP BY pc.collection_id ORDER BY COUNT(*) LIMIT 1`,
      )
      .get() as { id: number } | undefined;
    if (!member) throw new Error('No leaf collection with members.');
    const ids = new Set(
      (
        api.db
          .prepare('SELECT product_id FROM product_collections WHERE collection_id = ?')
          .all(member.id) as { product_id: number }[]
      ).map((row) => row.product_id),
    );
    await admin('DELETE', `/api/admin/collections/${String(member.id)}`);
    const described = await new ChangeDescriber({ apiUrl: api.url, adminToken: token }).describe(
      live,
      await pendingNow(),
    );
    const row = described.find((c) => c.entity === 'collection' && c.id === member.id);
    const members = described.filter(
      (c) => c.entity === 'product' && ids.has(c.id) && row !== undefined && c.seq > row.seq,
    );
    expect(members.length).toBeGreaterThan(0);
    for (const one of members) expect(one.detail).toBe('In a collection changed with it');
  });
});

describe('other kinds', () => {
  it('are named by their name now: an article, a machine model', async () => {
    const article = api.db.prepare('SELECT id, title FROM articles LIMIT 1').get() as
      { id: number; title: string } | undefined;
    const model = api.db.prepare('SELECT id FROM machine_models LIMIT 1').get() as
      { id: number } | undefined;
    if (!article || !model) throw new Error('The seed has no article or machine model.');
    await admin('PATCH', `/api/admin/articles/${String(article.id)}`, {
      title: 'Choosing Load Wheels: Polyurethane or Nylon',
    });
    await admin('PATCH', `/api/admin/machines/models/${String(model.id)}`, {
      name: 'Crown PTH50 hand pallet truck',
    });
    const described = await new ChangeDescriber({ apiUrl: api.url, adminToken: token }).describe(
      live,
      await pendingNow(),
    );
    expect(described.find((c) => c.entity === 'article' && c.id === article.id)).toMatchObject({
      name: 'Choosing Load Wheels: Polyurethane or Nylon',
    });
    expect(described.find((c) => c.entity === 'machine' && c.id === model.id)).toMatchObject({
      name: 'Crown PTH50 hand pallet truck',
    });
  });
});

describe('productFacts', () => {
  it("reads a product page's name, brand, price and stock, and nothing from a page without", () => {
    const card: Card = {
      id: 1,
      handle: 'x',
      title: 'Seal Kit',
      vendor: 'Raymond',
      price: 48,
      availableForSale: false,
    };
    expect(productFacts(productPage(card))).toEqual({
      title: 'Seal Kit',
      brand: 'Raymond',
      price: 48,
      inStock: false,
    });
    expect(productFacts('<html><script type="application/ld+json">{not json</script></html>')).toBe(
      undefined,
    );
  });
});
