import { describe, expect, it } from 'vitest';
import { CALL_FOR_PRICE } from '../catalog/price-display.ts';
import { productListRows, productListRowsHtml, type ProductListSource } from './product-list.ts';

const product = (id: number, partNumber: string, over: Partial<ProductListSource> = {}) => ({
  id,
  handle: `p-${id}`,
  title: `Part ${id}`,
  partNumber,
  vendor: 'Crown',
  price: 10,
  availableForSale: true,
  ...over,
});

describe('productListRows', () => {
  it('orders by part number with numbers in order, blanks last', () => {
    const rows = productListRows(
      [product(1, 'PN-10'), product(2, ''), product(3, 'PN-9'), product(4, 'ab-1')],
      '/products',
      'USD',
    );
    expect(rows.map((r) => r.id)).toEqual([4, 3, 1, 2]);
  });

  it('maps a product to its row', () => {
    const [row] = productListRows([product(7, ' 123-A ', { price: 1234.5 })], '/products', 'USD');
    expect(row).toEqual({
      id: 7,
      title: 'Part 7',
      path: '/products/p-7',
      partNumber: '123-A',
      vendor: 'Crown',
      price: '$1,234.50',
      availability: 'In stock',
    });
  });

  it('shows FREE for price 0 and Sold out when not for sale', () => {
    const [row] = productListRows(
      [product(1, 'x', { price: 0, availableForSale: false })],
      '/products',
      'USD',
    );
    expect(row?.price).toBe(CALL_FOR_PRICE);
    expect(row?.availability).toBe('Sold out');
  });
});

describe('productListRows between publishes', () => {
  it('gives the same row for the same source, a new one for a new source or settings', () => {
    const kept = product(1, 'PN-1');
    const [first] = productListRows([kept], '/products', 'USD');
    expect(productListRows([kept], '/products', 'USD')[0]).toBe(first);
    // The warm renderer's new record of a changed product is a new source.
    const [changed] = productListRows([{ ...kept, price: 12 }], '/products', 'USD');
    expect(changed).not.toBe(first);
    expect(changed?.price).not.toBe(first?.price);
    const [moved] = productListRows([kept], '/parts', 'USD');
    expect(moved?.path).toBe('/parts/p-1');
  });
});

describe('productListRowsHtml', () => {
  it('writes each row as the table shows it, its text escaped', () => {
    const rows = productListRows(
      [
        product(1, 'PN-1', { title: 'Seal <script>alert(1)</script> & "kit"', vendor: 'B&W' }),
        product(2, 'PN-2', { vendor: '', availableForSale: false }),
      ],
      '/products',
      'USD',
    );
    expect(productListRowsHtml(rows)).toBe(
      '<tr><td class="part">PN-1</td><td class="title"><a href="/products/p-1">' +
        'Seal &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;kit&quot;</a></td>' +
        '<td class="brand"><a href="/brands/B%26W">B&amp;W</a></td><td class="num">$10.00</td>' +
        '<td class="stock">In stock</td></tr>' +
        '<tr><td class="part">PN-2</td><td class="title"><a href="/products/p-2">Part 2</a></td>' +
        '<td class="brand"></td><td class="num">$10.00</td><td class="stock">Sold out</td></tr>',
    );
  });

  it('makes a row once: a page of the same rows is the same text', () => {
    const rows = productListRows([product(3, 'PN-3')], '/products', 'USD');
    expect(productListRowsHtml(rows)).toBe(productListRowsHtml([...rows]));
    expect(productListRowsHtml([])).toBe('');
  });
});
