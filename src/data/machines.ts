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
 * A model page's part groups and manuals (src/routes/machine.astro), made again only when its
 * parts are other records or the categories' titles changed (recordsMemo).
 */
export const modelParts = recordsMemo<
  number,
  ProductRecord,
  { groups: PartGroup[]; manuals: { url: string; filename: string }[] }
>();

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
  const parts = new Map<number, ProductRecord[]>();
  let universalCount = 0;
  for (const product of productsByTitle) {
    if (product.Fitment.universal) universalCount += 1;
    const fits = new Set<number>();
    for (const row of product.Fitment.rows) {
      const id = idByKey.get(keyOf(row.brandHandle, row.modelHandle));
      if (id !== undefined) fits.add(id);
    }
    for (const id of fits) {
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
