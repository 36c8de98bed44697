import { getCollection } from 'astro:content';
import type { MachineRecord } from '../../shared/contracts/machine-record.ts';
import type { ProductRecord } from '../../shared/contracts/product-record.ts';
import { entryDigest } from '../lib/product/cache-key.ts';
import type { PartGroup } from '../lib/fitment/model-page.ts';
import { buildMemo, recordsMemo } from './build-memo.ts';
import { catalogue } from './catalogue.ts';

/**
 * The machine models and their parts, made once per build for the model pages (issue 31,
 * item 7). A model's parts are the products whose fitment names it, read from the product
 * records the build already holds: no call per model. Universal parts (a charger fits every
 * machine its plug fits) are counted, not listed: on every model's page they would make each
 * charger's change a change of every model page.
 */
export interface MachineCatalogue {
  models: readonly MachineRecord[];
  /** The digest of a model's record (entryDigest): its page's key. */
  modelDigest: (id: number) => string;
  /** The products with a fitment row for the model, by title. */
  partsOf: (id: number) => readonly ProductRecord[];
  /** How many products fit every machine. */
  universalCount: number;
}

export const machineCatalogue: () => Promise<MachineCatalogue> = buildMemo(build);

/**
 * A model page's view of its parts (groups, manuals, the listed parts) and its key
 * (src/routes/machine.astro), made again only when its parts are other records or what the
 * page shows beside them (`context`) changed (recordsMemo): a price change keys again the pages
 * of the models its product fits, not the 3,000 others (1.2 s at 100,000 products).
 */
export const modelPage = recordsMemo<
  number,
  ProductRecord,
  {
    groups: PartGroup[];
    manuals: { url: string; filename: string }[];
    listed: { path: string; name: string }[];
    cacheKey: string;
  }
>();

/**
 * The models each product fits, kept by its record while the models are the same ones: the
 * warm renderer keeps the records a change did not replace, and reading every product's
 * fitment rows again was half a second of a listing at 100,000 products (issue 33, item 3).
 */
const fitsKept = new WeakMap<ProductRecord, { models: object; ids: readonly number[] }>();
/** The models' ids and keys as the last build had them, and a token that stands for them. */
let modelsSeen: { text: string; token: object } | undefined;

/** A model's key as fitment rows name it. */
const keyOf = (brandHandle: string, handle: string) => `${brandHandle}/${handle}`;

async function build(): Promise<MachineCatalogue> {
  const [entries, { productsByTitle }] = await Promise.all([
    getCollection('machines'),
    catalogue(),
  ]);
  const models = entries.map((entry) => entry.data);
  const idByKey = new Map(
    models.map((model) => [keyOf(model.brandHandle, model.handle), model.id]),
  );
  const seen = [...idByKey].map(([key, id]) => `${String(id)}:${key}`).join('\n');
  if (modelsSeen?.text !== seen) modelsSeen = { text: seen, token: {} };
  const { token } = modelsSeen;
  const parts = new Map<number, ProductRecord[]>();
  let universalCount = 0;
  for (const product of productsByTitle) {
    if (product.Fitment.universal) universalCount += 1;
    let kept = fitsKept.get(product);
    if (kept?.models !== token) {
      const fits = new Set<number>();
      for (const row of product.Fitment.rows) {
        const id = idByKey.get(keyOf(row.brandHandle, row.modelHandle));
        if (id !== undefined) fits.add(id);
      }
      kept = { models: token, ids: [...fits] };
      fitsKept.set(product, kept);
    }
    for (const id of kept.ids) {
      const list = parts.get(id);
      if (list) list.push(product);
      else parts.set(id, [product]);
    }
  }
  const digests = new Map(entries.map((entry) => [entry.data.id, entryDigest(entry)]));
  return {
    models,
    modelDigest: (id) => digests.get(id) ?? '',
    partsOf: (id) => parts.get(id) ?? [],
    universalCount,
  };
}
