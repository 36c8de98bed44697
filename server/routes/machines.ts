import { Hono } from 'hono';
import { modelRef } from '../catalog/filter-params.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import {
  brandModels,
  lookupModels,
  machineBrands,
  machineModels,
  modelByHandle,
  modelIdOf,
} from '../machines/read.ts';
import { filterReplyJson } from '../reads/filter-reply.ts';

const brandNotFound = () => new HttpError(404, 'Machine brand not found.');
const modelNotFound = () => new HttpError(404, 'Machine model not found.');

/**
 * The filter reply for a query string, read by a worker when there is a pool
 * (routes/products-filter.ts): the same machinery serves a model's parts.
 */
export async function filterReply({ db, reads }: Deps, search: string): Promise<string> {
  return reads ? await reads.run('filter', search) : filterReplyJson(db, search);
}

/**
 * A `fits=` that names no model of the store is a clear 404, not a list of everything: a
 * shopper would read such a list as parts for their machine.
 */
export function assertKnownModel({ db }: Deps, query: URLSearchParams): void {
  const fits = query.get('fits');
  if (fits === null || fits.trim() === '') return;
  const ref = modelRef(fits);
  if (!ref || modelIdOf(db, ref) === undefined) throw modelNotFound();
}

/**
 * /api/machines (issue 31): the equipment models parts fit.
 * - GET / -> `{ brands: [{ name, handle, modelCount }] }`, by name
 * - GET /lookup?q=pth 50 load wheel -> `{ models }`: the models the text names (at most 8)
 * - GET /models?page=0&limit=500 -> `{ models }`: every model by id, a page at a time, with
 *   its names and serial format, no part counts (the build's machines collection reads it;
 *   'models' is no brand's handle)
 * - GET /:brand -> `{ brand: { name, handle }, models }` by code, each with its partCount
 * - GET /:brand/:model -> `{ model }` with its aliases and the brand's serial format
 * - GET /:brand/:model/parts?… -> the products/filter reply limited to the model (`fits=`),
 *   every filter parameter of that call too, `serial` for the cards' verdicts
 * An unknown brand or model answers 404 `{ error }`.
 */
/** Most models one page of GET /models carries. */
const MODELS_PAGE_MAX = 500;

/** A page of GET /models: zero-based, 1 to MODELS_PAGE_MAX models (500 when not given). */
function modelsPage(page: string | undefined, limit: string | undefined) {
  const number = (raw: string | undefined, fallback: number) =>
    raw !== undefined && /^\d{1,7}$/.test(raw) ? Number(raw) : fallback;
  return {
    page: number(page, 0),
    limit: Math.min(Math.max(number(limit, MODELS_PAGE_MAX), 1), MODELS_PAGE_MAX),
  };
}

export function machineRoutes(deps: Deps): Hono {
  const { db } = deps;
  const app = new Hono();
  app.get('/', (c) => c.json({ brands: machineBrands(db) }));
  app.get('/lookup', (c) => c.json({ models: lookupModels(db, c.req.query('q') ?? '') }));
  app.get('/models', (c) => {
    const { page, limit } = modelsPage(c.req.query('page'), c.req.query('limit'));
    return c.json({ models: machineModels(db, page, limit) });
  });
  app.get('/:brand', (c) => {
    const models = brandModels(db, c.req.param('brand'));
    const first = models?.[0];
    if (!first) throw brandNotFound();
    return c.json({ brand: { name: first.brand, handle: first.brandHandle }, models });
  });
  app.get('/:brand/:model', (c) => {
    const model = modelByHandle(db, c.req.param('brand'), c.req.param('model'));
    if (!model) throw modelNotFound();
    return c.json({ model });
  });
  app.get('/:brand/:model/parts', async (c) => {
    const model = modelByHandle(db, c.req.param('brand'), c.req.param('model'));
    if (!model) throw modelNotFound();
    const query = new URL(c.req.url).searchParams;
    query.set('fits', `${model.brandHandle}/${model.handle}`);
    const json = await filterReply(deps, `?${query.toString()}`);
    return c.body(json, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
