import type { JsonLoader } from './suggest-client.ts';
import { collectionSearchRecord, productSearchRecord, type SearchRecord } from './search-record.ts';

/** A product for the suggestion index's tests: a title, part numbers, a brand, a price. */
export function product(
  id: number,
  title: string,
  options: { sku?: string; vendor?: string; price?: number; within?: number[] } = {},
): SearchRecord {
  return productSearchRecord(
    {
      id,
      handle: `p${String(id)}`,
      title,
      vendor: options.vendor ?? 'Crown',
      sku: options.sku ?? '',
      productCode: `IPD-${String(id).padStart(6, '0')}`,
      price: options.price ?? 10,
      avgRating: 0,
      imageUrl: null,
      Variants: [],
    },
    '/products',
    options.within ?? [],
  );
}

export function collection(id: number, title: string, trail: string[] = [], within = [id]) {
  return collectionSearchRecord(
    {
      id,
      handle: title.toLowerCase().replaceAll(' ', '-'),
      title,
      imageUrl: null,
      breadcrumbs: trail.map((crumb) => ({ title: crumb })),
    },
    '/collections',
    within,
  );
}

/** Reads the files of `suggestFiles` from memory, counting each read. */
export function memoryLoader(files: Map<string, string>) {
  const reads: string[] = [];
  const load: JsonLoader = (path) => {
    reads.push(path);
    const text = files.get(path);
    return text === undefined
      ? Promise.reject(new Error(`${path}: answered 404`))
      : Promise.resolve(JSON.parse(text) as unknown);
  };
  return { load, reads };
}
