import { ApiError, getJson } from '../api/client.ts';
import type { CompactFitment, CompactFitmentRow, PageSerialFormat } from './badge.ts';

/**
 * The machine calls the selector and the badge make (docs/api.md, "Machines"): the brands,
 * a brand's models, and one model with its brand's serial format. Replies are checked by
 * hand, field by field, so the selector's chunk carries no schema library.
 */

export interface MachineBrand {
  name: string;
  handle: string;
}

export interface MachineModel {
  brand: string;
  brandHandle: string;
  /** As the data plate prints it: 'PTH50'. */
  code: string;
  handle: string;
  /** 'Crown PTH50 pallet jack'. */
  name: string;
}

export interface MachineDetail extends MachineModel {
  serialFormat: PageSerialFormat | null;
}

/** The message a reply that is not what the store sends shows. */
export const MACHINES_UNREADABLE = 'The list of machines could not be read. Please try again.';

const isText = (value: unknown): value is string => typeof value === 'string';

function readModel(raw: unknown): MachineModel | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { brand, brandHandle, code, handle, name } = raw as Record<string, unknown>;
  if (![brand, brandHandle, code, handle, name].every(isText)) return undefined;
  return {
    brand: brand as string,
    brandHandle: brandHandle as string,
    code: code as string,
    handle: handle as string,
    name: name as string,
  };
}

function listOf<T>(raw: unknown, key: string, readItem: (item: unknown) => T | undefined): T[] {
  const items = (raw as Record<string, unknown> | undefined)?.[key];
  if (!Array.isArray(items)) throw new Error(MACHINES_UNREADABLE);
  const read = items.map(readItem);
  if (read.some((item) => item === undefined)) throw new Error(MACHINES_UNREADABLE);
  return read as T[];
}

/** GET /api/machines: the brands that have models, by name. */
export async function fetchMachineBrands(signal: AbortSignal): Promise<MachineBrand[]> {
  return listOf(await getJson('/api/machines', { signal }), 'brands', (raw) => {
    const { name, handle } = (raw ?? {}) as Record<string, unknown>;
    return isText(name) && isText(handle) ? { name, handle } : undefined;
  });
}

/** GET /api/machines/{brand}: the brand's models. */
export async function fetchBrandModels(
  brandHandle: string,
  signal: AbortSignal,
): Promise<MachineModel[]> {
  const path = `/api/machines/${encodeURIComponent(brandHandle)}`;
  return listOf(await getJson(path, { signal }), 'models', readModel);
}

/**
 * GET /api/machines/{brand}/{model}: the model with its brand's serial format, or 'gone' when
 * the store no longer has it (a 404: issue 31, 'a fleet entry whose model was deleted: kept,
 * marked no longer in the catalogue').
 */
export async function fetchMachine(
  brandHandle: string,
  modelHandle: string,
  signal: AbortSignal,
): Promise<MachineDetail | 'gone'> {
  const path = `/api/machines/${encodeURIComponent(brandHandle)}/${encodeURIComponent(modelHandle)}`;
  let raw: unknown;
  try {
    raw = await getJson(path, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'gone';
    throw error;
  }
  const model = readModel((raw as { model?: unknown } | undefined)?.model);
  if (!model) throw new Error(MACHINES_UNREADABLE);
  const format = (raw as { model: { serialFormat?: unknown } }).model.serialFormat;
  const { pattern, example } = (format ?? {}) as Record<string, unknown>;
  return {
    ...model,
    serialFormat: isText(pattern) && isText(example) ? { pattern, example } : null,
  };
}

const isBound = (value: unknown): value is string | null => value === null || isText(value);

function readFitmentRow(raw: unknown): CompactFitmentRow | undefined {
  const { brandHandle, modelHandle, serialFrom, serialTo } = (raw ?? {}) as Record<string, unknown>;
  if (!isText(brandHandle) || !isText(modelHandle) || !isBound(serialFrom) || !isBound(serialTo))
    return undefined;
  return { brandHandle, modelHandle, serialFrom, serialTo };
}

/** GET /api/products/handle/{handle}/fitment: what the badge reads of a product's fitment. */
export async function fetchFitment(handle: string, signal: AbortSignal): Promise<CompactFitment> {
  const path = `/api/products/handle/${encodeURIComponent(handle)}/fitment`;
  const fitment = (await getJson<{ fitment?: unknown } | undefined>(path, { signal }))?.fitment;
  const universal = (fitment as { universal?: unknown } | undefined)?.universal;
  if (typeof universal !== 'boolean') throw new Error(MACHINES_UNREADABLE);
  return { universal, rows: listOf(fitment, 'rows', readFitmentRow) };
}
