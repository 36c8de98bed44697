import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/open.ts';
import { articleHtml, DEMO_ARTICLES } from './articles.ts';
import { writeContent } from './content.ts';
import type { PartFit } from './fit.ts';
import { writeGeo } from './geo.ts';
import { CONTENT_TABLES, dumpTables } from './seed.testing.ts';

function fresh(): Database {
  return openDatabase(':memory:');
}

describe('writeContent', () => {
  it('writes the same rows for the same seed and replaces earlier content', () => {
    const a = fresh();
    writeContent(a, 5, 0);
    writeContent(a, 1, 0);
    const b = fresh();
    writeContent(b, 1, 0);
    expect(dumpTables(a, CONTENT_TABLES)).toEqual(dumpTables(b, CONTENT_TABLES));
  });

  it('reports what it wrote', () => {
    expect(writeContent(fresh(), 1, 0)).toEqual({
      articles: 12,
      helpAnswers: 10,
      pages: 8,
      questions: 30,
      siteReviews: 40,
      orders: 5,
    });
  });

  it('ties questions only to products that exist', () => {
    const db = fresh();
    // product_id is a foreign key; products 1..3 must exist for the insert to succeed.
    db.exec(
      `INSERT INTO products (id, handle, title) VALUES (1, 'a', 'A'), (2, 'b', 'B'), (3, 'c', 'C')`,
    );
    writeContent(db, 1, 3);
    const ids = db
      .prepare('SELECT DISTINCT product_id AS id FROM questions WHERE product_id IS NOT NULL')
      .all() as { id: number }[];
    expect(ids.length).toBeGreaterThan(0);
    for (const { id } of ids) expect([1, 2, 3]).toContain(id);
  });

  it('writes a product question for the product it is on', () => {
    const db = fresh();
    db.exec(
      `INSERT INTO products (id, handle, title) VALUES (1, 'a', 'A'), (2, 'b', 'B'), (3, 'c', 'C')`,
    );
    const battery: PartFit = {
      kind: 'battery',
      part: 'AGM battery',
      brand: 'EP Equipment',
      models: ['EPL154'],
      machine: 'pallet jack',
      machines: 'pallet jacks',
    };
    writeContent(db, 1, 3, () => battery);
    const texts = (
      db
        .prepare('SELECT title, body, answer_html FROM questions WHERE product_id IS NOT NULL')
        .all() as { title: string; body: string; answer_html: string }[]
    ).map((q) => `${q.title} ${q.body} ${q.answer_html}`);
    expect(texts.length).toBeGreaterThan(10);
    for (const text of texts) {
      expect(text).not.toMatch(/Crown|Raymond|Toyota|Yale|PTH50|wheel|bearing|seal|forklift/i);
    }
    expect(texts.some((text) => text.includes('EP Equipment EPL154'))).toBe(true);
    expect(texts.some((text) => /batter(y|ies)/.test(text))).toBe(true);
  });

  it('keeps other settings', () => {
    const db = fresh();
    db.exec(
      "INSERT INTO settings (key, value) VALUES ('other', '1'), ('freeShippingAmount', '-1')",
    );
    writeContent(db, 1, 0);
    expect(db.prepare('SELECT key, value FROM settings ORDER BY key').all()).toEqual([
      { key: 'freeShippingAmount', value: '199' },
      { key: 'other', value: '1' },
    ]);
  });
});

describe('articles', () => {
  it('have unique ids and handles and real bodies, the linked ones of a few hundred words', () => {
    expect(new Set(DEMO_ARTICLES.map((a) => a.id)).size).toBe(DEMO_ARTICLES.length);
    expect(new Set(DEMO_ARTICLES.map((a) => a.handle)).size).toBe(DEMO_ARTICLES.length);
    for (const article of DEMO_ARTICLES) {
      const words = articleHtml(article)
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
      expect(words.length).toBeGreaterThan(50);
    }
    const long = DEMO_ARTICLES.filter((a) => articleHtml(a).split(/\s+/).length > 200);
    expect(long.length).toBeGreaterThanOrEqual(3);
  });

  it('renders headings, paragraphs and lists', () => {
    expect(
      articleHtml({
        id: 1,
        handle: 'h',
        title: 'T',
        summary: '',
        author: '',
        sections: [{ heading: 'H', paragraphs: ['P'], list: ['L'] }],
      }),
    ).toMatch(
      /^<h2>H<\/h2>\n<p>P<\/p>\n<ul><li>L<\/li><\/ul>\n<h2>Still have questions\?<\/h2>\n<p>/,
    );
  });
});

describe('writeGeo', () => {
  it('writes US states with DC, Canadian provinces and Mexican states, ids stable', () => {
    const db = fresh();
    expect(writeGeo(db)).toEqual({ countries: 3, states: 51 + 13 + 14 });
    const again = dumpTables(db, ['countries', 'states']);
    writeGeo(db);
    expect(dumpTables(db, ['countries', 'states'])).toEqual(again);
    const rows = db
      .prepare(
        "SELECT code, mainland, tax_rate, shipping_cents FROM states WHERE country_code = 'US' AND code IN ('AK', 'HI', 'TX', 'DC') ORDER BY code",
      )
      .all();
    expect(rows).toEqual([
      { code: 'AK', mainland: 0, tax_rate: 0, shipping_cents: 4999 },
      { code: 'DC', mainland: 1, tax_rate: 0.06, shipping_cents: 1499 },
      { code: 'HI', mainland: 0, tax_rate: 0.04, shipping_cents: 4999 },
      { code: 'TX', mainland: 1, tax_rate: 0.0625, shipping_cents: 1499 },
    ]);
    for (const row of db.prepare('SELECT tax_rate FROM states').all() as { tax_rate: number }[]) {
      expect(row.tax_rate).toBeGreaterThanOrEqual(0);
      expect(row.tax_rate).toBeLessThan(0.2);
    }
  });
});
