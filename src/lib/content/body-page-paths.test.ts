import { describe, expect, it } from 'vitest';
import { bodyPagePaths } from './body-page-paths.ts';

const hrefs = new Map([
  [257, '/articles/shipping'],
  [355, '/articles/choosing-wheels'],
]);
/** An entry as a loader stores it; digest null: a loader that stores none. */
const entry = (handle: string, bodyHtml: string, digest: string | null = `d-${handle}`) => ({
  digest: digest ?? undefined,
  data: { handle, bodyHtml, title: handle },
});
const keyOf = (kind: string, record: ReturnType<typeof entry>, links = hrefs) =>
  bodyPagePaths(kind, [record], links)[0]?.cacheKey;

describe('bodyPagePaths', () => {
  it('gives each record a path at its handle, with the record and the article links as props', () => {
    const about = entry('about-us', '<p>Hello</p>');
    const returns = entry('returns', '<p>Back</p>');
    const paths = bodyPagePaths('page', [about, returns], hrefs);
    expect(paths.map(({ params }) => params)).toEqual([
      { handle: 'about-us' },
      { handle: 'returns' },
    ]);
    expect(paths[0]?.props).toEqual({ entry: about, articles: hrefs });
    expect(paths[0]?.cacheKey).toMatch(/^[0-9a-f]{24}$/);
  });

  it('keys a page by its kind and its own record', () => {
    const record = entry('shipping', '<p>Ships</p>');
    const key = keyOf('page', record);
    expect(keyOf('page', entry('shipping', '<p>Ships</p>'))).toBe(key);
    expect(keyOf('help', record)).not.toBe(key);
    expect(keyOf('page', entry('shipping', '<p>Ships</p>', 'd-changed'))).not.toBe(key);
    // A loader that stores no digest: the parsed data counts.
    expect(keyOf('page', entry('shipping', '<p>Ships</p>', null))).not.toBe(
      keyOf('page', entry('shipping', '<p>Shipped</p>', null)),
    );
  });

  it('changes with the path of an article the body links by id, and only that one', () => {
    const record = entry('faq', '<a href="/Articles.asp?ID=257">shipping</a>');
    const key = keyOf('help', record);
    expect(keyOf('help', record, new Map([...hrefs, [355, '/articles/moved']]))).toBe(key);
    expect(keyOf('help', record, new Map([...hrefs, [257, '/articles/moved']]))).not.toBe(key);
  });
});
