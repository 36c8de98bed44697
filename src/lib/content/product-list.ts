import { priceText } from '../../../shared/call-for-price.ts';
import { escapeHtml } from '../../../shared/format/escape-html.ts';
import { brandPath } from '../catalog/brand-name.ts';
import { productPath } from '../routing/paths.ts';
import { sortedFromLast } from './sorted-from-last.ts';

/** What the product list reads from a product. */
export interface ProductListSource {
  id: number;
  handle: string;
  /** Plain-text title. */
  title: string;
  partNumber: string;
  vendor: string;
  price: number;
  availableForSale: boolean;
}

/** One row of the product list (/productslist.asp). */
export interface ProductListRow {
  id: number;
  title: string;
  path: string;
  partNumber: string;
  vendor: string;
  /** Price text; 0 asks to call for the price, as everywhere (price-display.ts). */
  price: string;
  availability: 'In stock' | 'Sold out';
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The product list: a row per product, ordered by part number (how a parts buyer looks
 * things up), products without one last by title.
 */
export function productListRows(
  products: readonly ProductListSource[],
  productBase: string,
  currency: string,
): ProductListRow[] {
  // Trimmed once rather than in each of the 1.7 million comparisons of 100,000 products.
  const keyed = products.map((product) => ({ product, partNumber: product.partNumber.trim() }));
  // What a row is made from besides its source (rowsKept).
  const context = `${productBase}\n${currency}`;
  // From the last listing's order (a total order: the id breaks ties).
  return sortedFromLast(
    'product-list',
    keyed,
    ({ product }) => product.id,
    (a, b) => {
      const pa = a.partNumber;
      const pb = b.partNumber;
      if (pa && !pb) return -1;
      if (!pa && pb) return 1;
      return (
        collator.compare(pa, pb) ||
        collator.compare(a.product.title, b.product.title) ||
        a.product.id - b.product.id
      );
    },
  ).map(({ product, partNumber }) => {
    const kept = rowsKept.get(product);
    if (kept?.context === context) return kept.row;
    const row: ProductListRow = {
      id: product.id,
      title: product.title,
      path: productPath(productBase, product.handle),
      partNumber,
      vendor: product.vendor,
      price: priceText(product.price, currency),
      availability: product.availableForSale ? 'In stock' : 'Sold out',
    };
    rowsKept.set(product, { context, row });
    return row;
  });
}

/**
 * Each source's row, kept while the source is the same object: the list's route keeps a
 * product's source while its catalogue record is the same (the warm renderer replaces only
 * the records a change brings), so that a page whose rows are the same objects keeps its key
 * (recordsMemo) instead of keying 100,000 rows again for a price change (issue 33, item 3).
 * Rows are never changed once made.
 */
const rowsKept = new WeakMap<ProductListSource, { context: string; row: ProductListRow }>();

/**
 * The table rows of a product list page as HTML. A product that comes or goes moves every
 * later row to another page (a hundred pages of 1,000 rows at 100,000 products), and Astro
 * took 16 to 48 ms a page to make them from components, with the component's scope class on
 * each of a row's eight elements (a quarter of a page's 437 KB). Each row's HTML is kept with
 * the row, which the listing keeps while its product is the same (rowsKept).
 */
export function productListRowsHtml(rows: readonly ProductListRow[]): string {
  let html = '';
  for (const row of rows) {
    let text = rowsHtml.get(row);
    if (text === undefined) {
      const brand = row.vendor
        ? `<a href="${escapeHtml(brandPath(row.vendor))}">${escapeHtml(row.vendor)}</a>`
        : '';
      text =
        `<tr><td class="part">${escapeHtml(row.partNumber)}</td>` +
        `<td class="title"><a href="${escapeHtml(row.path)}">${escapeHtml(row.title)}</a></td>` +
        `<td class="brand">${brand}</td><td class="num">${escapeHtml(row.price)}</td>` +
        `<td class="stock">${row.availability}</td></tr>`;
      rowsHtml.set(row, text);
    }
    html += text;
  }
  return html;
}

const rowsHtml = new WeakMap<ProductListRow, string>();
