import { describe, expect, it } from 'vitest';
import { BRAND_PAGE_SIZE, brandPageHref, brandTitle, startPageTarget } from './brands-page.ts';

describe('brand pages', () => {
  it('pages by 25', () => {
    expect(BRAND_PAGE_SIZE).toBe(25);
  });

  it('links page 1 to /brands/{name} and later pages below it', () => {
    expect(brandPageHref('Crown', 1)).toBe('/brands/Crown');
    expect(brandPageHref('Blue Giant', 3)).toBe('/brands/Blue%20Giant/page/3');
  });

  it('titles the page with the brand and the store name', () => {
    expect(brandTitle('Crown', 'Industrial Parts Depot')).toBe('Crown | Industrial Parts Depot');
  });
});

describe('startPageTarget', () => {
  const page = { name: 'Blue Giant', current: 1, total: 4 };

  it('sends ?page=N to the prerendered page N', () => {
    expect(startPageTarget('?page=3', page)).toBe('/brands/Blue%20Giant/page/3');
    expect(startPageTarget('?page=1', { ...page, current: 2 })).toBe('/brands/Blue%20Giant');
  });

  it('stays when the page is already shown or no page is asked for', () => {
    expect(startPageTarget('?page=1', page)).toBeUndefined();
    expect(startPageTarget('', page)).toBeUndefined();
    expect(startPageTarget('?q=x', page)).toBeUndefined();
  });

  it('ignores values that are not page numbers', () => {
    expect(startPageTarget('?page=abc', page)).toBeUndefined();
    expect(startPageTarget('?page=-2', page)).toBeUndefined();
    expect(startPageTarget('?page=2.5', page)).toBeUndefined();
    expect(startPageTarget('?page=', page)).toBeUndefined();
  });

  it('clamps to the pages there are', () => {
    expect(startPageTarget('?page=99', page)).toBe('/brands/Blue%20Giant/page/4');
    expect(startPageTarget('?page=0', { ...page, current: 3 })).toBe('/brands/Blue%20Giant');
    expect(startPageTarget('?page=5', { ...page, total: 1 })).toBeUndefined();
  });
});
