import { htmlToText } from '../sanitize-html.ts';

/** What the static search index holds per product (DESIGN, search): what a shopper searches for. */
export interface SearchRecord {
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  sort: Record<string, string>;
}

interface Searchable {
  handle: string;
  title: string;
  vendor: string;
  sku: string;
  productCode: string;
  price: number;
  avgRating: number;
  imageUrl: string | null;
  Collections: { title: string }[];
  Variants: { sku: string }[];
}

/** Part numbers in their written form and without punctuation ("85-288" and "85288"). */
export function partNumberForms(codes: readonly string[]): string[] {
  const present = codes.filter((code) => code.trim().length > 0);
  return [...new Set([...present, ...present.map((code) => code.replace(/[^A-Za-z0-9]/g, ''))])];
}

/**
 * The Pagefind record of a product: title, part numbers, vendor and category names as
 * content; vendor, category and type as filters; price, title and rating as sorts.
 */
export function productSearchRecord(product: Searchable, productBase: string): SearchRecord {
  const title = htmlToText(product.title);
  const codes = partNumberForms([
    product.sku,
    product.productCode,
    ...product.Variants.map((v) => v.sku),
  ]);
  const categories = product.Collections.map((collection) => collection.title);
  return {
    url: `${productBase}/${product.handle}`,
    content: [title, codes.join(' '), product.vendor, categories.join(' ')].join('\n'),
    meta: {
      title,
      image: product.imageUrl ?? '',
      price: product.price.toFixed(2),
      partNumber: product.sku || product.productCode,
    },
    filters: {
      type: ['product'],
      ...(product.vendor ? { vendor: [product.vendor] } : {}),
      ...(categories.length ? { category: categories } : {}),
    },
    sort: {
      price: product.price.toFixed(2).padStart(12, '0'),
      title: title.toLowerCase(),
      rating: product.avgRating.toFixed(2),
    },
  };
}
