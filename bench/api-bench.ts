import { merchandiser } from '../publisher/merchandiser-client.ts';
import { runLoad, summarize, type LoadSummary } from './load.ts';
import {
  benchQuickOrder,
  QUICK_ORDER_TARGET,
  type QuickOrderFigures,
} from './quick-order-bench.ts';

/**
 * The API part of `npm run bench` ("At 100,000 products"): the results list's call
 * (products/filter) under a bounded load, a cheap call (a product by handle) alone and while
 * that filter load runs, and the filter load while a merchandiser changes the catalogue.
 */

/** The targets at 100,000 products, printed beside the figures. */
export const API_TARGETS = {
  /** GET /api/products/filter p95 under `concurrency` clients on the query mix below. */
  filterP95Ms: 100,
  /** GET /api/products/handle/:handle p95 while that filter load runs. */
  byHandleUnderFilterP95Ms: 20,
  /** GET /api/products/filter with fits= (issue 31) p95 under `concurrency` clients. */
  fitsP95Ms: 100,
} as const;

/** Models the fits= mix chooses from: the first brands' first models, as a shopper's fleet. */
const FITS_MODELS = 8;

/**
 * The fits= mix for one model (`crown/pth50`): a machine chosen alone, with a search text,
 * with a serial and a sort, and on a later page (the results list under a chosen machine).
 */
export const fitsQueries = (model: string, serial: string): string[] => [
  `?fits=${model}&limit=24`,
  `?fits=${model}&q=wheel&limit=24`,
  `?fits=${model}&serial=${encodeURIComponent(serial)}&limit=24&sortBy=price_asc`,
  `?fits=${model}&limit=24&page=1&sortBy=best_selling`,
];

/**
 * The bench's filter query mix: words, a part number, a price range, a vendor, a deep page,
 * and a collection page's list after a sort (the results-list island's call).
 */
export const FILTER_QUERIES = [
  '?limit=24',
  '?limit=24&sortBy=price_asc&page=3',
  '?q=wheel&limit=24',
  '?q=seal%20kit&limit=24&sortBy=best_selling',
  '?q=85-288&limit=24',
  '?q=polyurethane%20load%20wheel&minPrice=20&maxPrice=200&limit=24',
  '?v=Crown&limit=24&sortBy=title_asc',
  '?c=1&limit=24&sortBy=price_asc&page=1',
] as const;

/** Clients of the cheap call beside the filter load: a shopper opening product pages. */
export const CHEAP_CONCURRENCY = 2;

/** Catalogue writes a second during the "under writes" run. */
const WRITES_PER_SECOND = 1;

export interface ApiFigures {
  /** The filter mix alone. */
  filter: LoadSummary;
  /** The fits= mix alone (null for a store without machine models). */
  fits: LoadSummary | null;
  /** Products by handle alone. */
  byHandle: LoadSummary;
  /** Products by handle while the filter mix runs (the same seconds). */
  byHandleUnderFilter: LoadSummary;
  /** The filter mix of that same run. */
  filterBesideByHandle: LoadSummary;
  /** The filter mix while a merchandiser changes a price every second (null without a token). */
  filterUnderWrites: (LoadSummary & { writes: number }) | null;
  /** The quick order's resolve call, 200 lines (issue 32; null without a token). */
  quickOrder: QuickOrderFigures | null;
}

/** The filter and fits= URLs and up to 76 product handles of a running API. */
export async function apiBenchUrls(
  apiUrl: string,
): Promise<{ filter: string[]; fits: string[]; handles: string[] }> {
  const get = async <T>(path: string) => (await (await fetch(`${apiUrl}${path}`)).json()) as T;
  const { products } = await get<{ products: { handle: string }[] }>(
    '/api/products/filter?limit=76&sortBy=title_asc',
  );
  const { brands } = await get<{ brands: { handle: string }[] }>('/api/machines');
  const models: { brandHandle: string; handle: string; serial: string }[] = [];
  for (const brand of brands.slice(0, FITS_MODELS)) {
    const { models: own = [] } = await get<{ models?: { brandHandle: string; handle: string }[] }>(
      `/api/machines/${brand.handle}`,
    );
    const first = own[0];
    if (!first) continue;
    const { model } = await get<{ model: { serialFormat: { example: string } } }>(
      `/api/machines/${first.brandHandle}/${first.handle}`,
    );
    models.push({ ...first, serial: model.serialFormat.example });
  }
  return {
    filter: FILTER_QUERIES.map((query) => `${apiUrl}/api/products/filter${query}`),
    fits: models.flatMap(({ brandHandle, handle, serial }) =>
      fitsQueries(`${brandHandle}/${handle}`, serial).map(
        (query) => `${apiUrl}/api/products/filter${query}`,
      ),
    ),
    handles: products.map((product) => product.handle),
  };
}

/**
 * Changes one product's price every `1 / WRITES_PER_SECOND` seconds until `stop` resolves,
 * alternating between the old price and a cent more, and leaves the old price behind.
 */
async function writeWhile(
  apiUrl: string,
  adminToken: string,
  stop: Promise<unknown>,
): Promise<number> {
  const admin = merchandiser(apiUrl, adminToken, 'bench');
  // The admin format: the record itself, as PUT takes it.
  const product = await admin<{ id: number; price: number }>('GET', '/api/admin/products/1');
  let done = false;
  void stop.then(() => (done = true));
  let writes = 0;
  while (!done) {
    const price = writes % 2 === 0 ? product.price + 0.01 : product.price;
    await admin('PATCH', `/api/admin/products/${String(product.id)}`, { price });
    writes += 1;
    await new Promise((resolve) => setTimeout(resolve, 1000 / WRITES_PER_SECOND));
  }
  if (writes % 2 === 1) {
    await admin('PATCH', `/api/admin/products/${String(product.id)}`, { price: product.price });
  }
  return writes;
}

/** Runs the API measurements against a running API (`adminToken` enables the write run). */
export async function benchApi(options: {
  apiUrl: string;
  seconds: number;
  concurrency: number;
  adminToken?: string;
}): Promise<ApiFigures> {
  const { apiUrl, seconds, concurrency } = options;
  const urls = await apiBenchUrls(apiUrl);
  const handleUrls = urls.handles.map((handle) => `${apiUrl}/api/products/handle/${handle}`);
  const sum = (result: Awaited<ReturnType<typeof runLoad>>) => summarize(result, seconds);
  const filter = sum(await runLoad(urls.filter, { concurrency, seconds }));
  const fits =
    urls.fits.length > 0 ? sum(await runLoad(urls.fits, { concurrency, seconds })) : null;
  const byHandle = sum(await runLoad(handleUrls, { concurrency: CHEAP_CONCURRENCY, seconds }));
  const [filterBeside, cheap] = await Promise.all([
    runLoad(urls.filter, { concurrency, seconds }),
    runLoad(handleUrls, { concurrency: CHEAP_CONCURRENCY, seconds }),
  ]);
  let filterUnderWrites: ApiFigures['filterUnderWrites'] = null;
  let quickOrder: QuickOrderFigures | null = null;
  if (options.adminToken) {
    const load = runLoad(urls.filter, { concurrency, seconds });
    const writes = await writeWhile(apiUrl, options.adminToken, load);
    filterUnderWrites = { ...sum(await load), writes };
    quickOrder = await benchQuickOrder(apiUrl, options.adminToken);
  }
  return {
    filter,
    fits,
    byHandle,
    byHandleUnderFilter: sum(cheap),
    filterBesideByHandle: sum(filterBeside),
    filterUnderWrites,
    quickOrder,
  };
}

const pair = (s: Pick<LoadSummary, 'p50Ms' | 'p95Ms'> | null | undefined) =>
  s ? `${s.p50Ms} / ${s.p95Ms}` : '-';

/** The printed table of benchApi's figures, one row per catalogue size, targets beside. */
export function apiTable(rows: readonly { products: number; api: ApiFigures }[]): string[] {
  return [
    '| products | filter p50/p95 ms (target p95 ≤ ' +
      `${String(API_TARGETS.filterP95Ms)}) | filter calls/s | by handle alone p50/p95 ms | ` +
      `by handle under filter load p50/p95 ms (target p95 ≤ ${String(API_TARGETS.byHandleUnderFilterP95Ms)}) | ` +
      'filter beside it p50/p95 ms | filter under 1 write/s p50/p95 ms | ' +
      `fits= p50/p95 ms (target p95 ≤ ${String(API_TARGETS.fitsP95Ms)}) | ` +
      `quick order ${String(QUICK_ORDER_TARGET.lines)} lines p50/p95 ms ` +
      `(target p95 ≤ ${String(QUICK_ORDER_TARGET.p95Ms)}), share resolved | errors |`,
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ products, api }) => {
      const errors =
        api.filter.errors +
        api.byHandle.errors +
        api.byHandleUnderFilter.errors +
        api.filterBesideByHandle.errors +
        (api.filterUnderWrites?.errors ?? 0) +
        (api.fits?.errors ?? 0) +
        (api.quickOrder?.errors ?? 0);
      const quick = api.quickOrder
        ? `${pair(api.quickOrder)}, ${String(Math.round(api.quickOrder.resolvedShare * 100))} %`
        : '-';
      return (
        `| ${String(products)} | ${pair(api.filter)} | ${String(api.filter.perSecond)} | ` +
        `${pair(api.byHandle)} | ${pair(api.byHandleUnderFilter)} | ` +
        `${pair(api.filterBesideByHandle)} | ${pair(api.filterUnderWrites)} | ${pair(api.fits)} | ` +
        `${quick} | ${String(errors)} |`
      );
    }),
  ];
}
