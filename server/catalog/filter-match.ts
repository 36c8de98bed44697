import type { CatalogueIndex } from './catalogue-index.ts';
import type { FilterParams } from './filter-params.ts';

/**
 * The matching set of GET /api/products/filter over the in-memory catalogue index
 * (catalogue-index.ts), and what it holds: size, highest price, and the count of every
 * vendor and tag in it. The conditions are those the SQL filters had, NOCASE included.
 */

/** SQLite's NOCASE: only ASCII letters fold. */
export const nocase = (text: string): string => text.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** A filter group the filter panel counts without its own filter (filter.ts, choices). */
export type Group = 'vendors' | { tagPrefix: string } | undefined;

/** What a matching set holds: filter-facets.ts turns it into pageInfo. */
export interface Counts {
  total: number;
  maxPriceCents: number;
  /** By vendor code, and by tag code. */
  vendorCounts: ArrayLike<number>;
  tagCounts: ArrayLike<number>;
}

export interface Match {
  index: CatalogueIndex;
  /** Whether a slot's product passes every condition but the vendor and tag groups. */
  passesBase: (slot: number) => boolean;
  /** Slots to visit for a count: the search's matches; undefined for every product. */
  candidates: Int32Array | undefined;
  /** With a search text, 1 for each slot it matches; undefined without one. */
  inText: Uint8Array | undefined;
  /** Vendor codes that pass `v`; undefined without one. */
  vendors: Uint8Array | undefined;
  /** Per tag prefix filtered (lowercased, as filter.ts groups them): its passing tag codes. */
  tagGroups: { prefix: string; codes: Uint8Array }[];
  /** The one collection subtree that is the only condition, or null for no condition at all. */
  only: number | null | undefined;
  /** A collection filter none of whose collections exists: nothing matches, no choices. */
  empty: boolean;
}

/** The slots of a search's matches, in slot order, and a flag per slot for a quick test. */
export interface TextSlots {
  slots: Int32Array;
  inText: Uint8Array;
}

const textSlotCache = new WeakMap<readonly number[], TextSlots>();

/**
 * The slots of a search's ids. Kept with the ids (text-match.ts keeps one array per search
 * and catalogue version, and the index's slots only move when that version does), so the
 * pages and filters of one search map 30,000 ids to slots once.
 */
export function textSlotsOf(index: CatalogueIndex, ids: readonly number[]): TextSlots {
  const kept = textSlotCache.get(ids);
  if (kept) return kept;
  const slots = new Int32Array(ids.length);
  const inText = new Uint8Array(index.slots);
  let n = 0;
  for (const id of ids) {
    const slot = index.slotOf.get(id);
    if (slot === undefined) continue;
    slots[n++] = slot;
    inText[slot] = 1;
  }
  // In slot order, not rank order: a count visits the products' arrays as they lie in memory
  // (several times faster than jumping about at 100,000 products).
  const made = { slots: slots.subarray(0, n).sort(), inText };
  textSlotCache.set(ids, made);
  return made;
}

/**
 * The conditions of a request, from its parameters and, when it has a search text, the ids
 * of the products the text matches (in the order to keep).
 */
export function matchOf(
  index: CatalogueIndex,
  params: FilterParams,
  textIds: readonly number[] | undefined,
): Match {
  const collections = params.collectionIds ? index.descendants(params.collectionIds) : undefined;
  const { minPriceCents, maxPriceCents, availableForSaleOnly } = params;
  const min = minPriceCents ?? -Infinity;
  const max = maxPriceCents ?? Infinity;
  const { priceCents, available } = index;
  const passesBase = (slot: number): boolean => {
    const price = priceCents[slot] ?? 0;
    if (price < min || price > max) return false;
    if (availableForSaleOnly && available[slot] === 0) return false;
    if (!collections) return true;
    for (const id of index.collections[slot] ?? []) if (collections.has(id)) return true;
    return false;
  };
  const text = textIds && textSlotsOf(index, textIds);
  const roots = (params.collectionIds ?? []).filter((id) => index.collectionIds.has(id));
  const plain = !textIds && min === -Infinity && max === Infinity && !availableForSaleOnly;
  return {
    index,
    passesBase,
    candidates: text?.slots,
    inText: text?.inText,
    vendors: vendorCodes(index, params.vendors),
    tagGroups: tagGroups(index, params.tags),
    only: !plain ? undefined : !collections ? null : roots.length === 1 ? roots[0] : undefined,
    empty: collections !== undefined && collections.size === 0,
  };
}

function vendorCodes(index: CatalogueIndex, vendors: readonly string[]): Uint8Array | undefined {
  if (vendors.length === 0) return undefined;
  const wanted = new Set(vendors.map(nocase));
  return Uint8Array.from(index.vendors.names, (name) => (wanted.has(nocase(name)) ? 1 : 0));
}

// Filters of one prefix are alternatives (Size 8 or 10); prefixes all apply.
function tagGroups(index: CatalogueIndex, tags: FilterParams['tags']): Match['tagGroups'] {
  const byPrefix = new Map<string, Set<string>>();
  for (const tag of tags) {
    const key = tag.prefix.toLowerCase();
    byPrefix.set(key, (byPrefix.get(key) ?? new Set()).add(nocase(tag.value)));
  }
  return [...byPrefix].map(([prefix, values]) => {
    const folded = nocase(prefix);
    const codes = new Uint8Array(index.tagCount);
    for (let code = 0; code < index.tagCount; code += 1) {
      const pass =
        nocase(index.tagPrefix[code] ?? '') === folded &&
        values.has(nocase(index.tagValue[code] ?? ''));
      codes[code] = pass ? 1 : 0;
    }
    return { prefix, codes };
  });
}

/** Whether a product's tags pass every group: one tag of each group's values. */
function tagsPass(tags: readonly number[], groups: readonly Uint8Array[]): boolean {
  for (const codes of groups) {
    let found = false;
    for (const code of tags) {
      if (codes[code] === 1) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

/** The vendor codes and tag groups that apply when one group's own filter is left out. */
function groupsOf(match: Match, without: Group) {
  return {
    vendors: without === 'vendors' ? undefined : match.vendors,
    tags: match.tagGroups
      .filter((group) => typeof without !== 'object' || group.prefix !== without.tagPrefix)
      .map((group) => group.codes),
  };
}

/** Whether a slot's product is in the matching set: every condition applies. */
export function slotMembership(match: Match): (slot: number) => boolean {
  const { index, vendors, inText } = match;
  const groups = match.tagGroups.map((group) => group.codes);
  return (slot) => {
    if (index.live[slot] !== 1) return false;
    if (inText && inText[slot] !== 1) return false;
    if (vendors && vendors[index.vendor[slot] ?? 0] === 0) return false;
    return tagsPass(index.tags[slot] ?? [], groups) && match.passesBase(slot);
  };
}

/** Whether a product (by id) is in the matching set. */
export function membership(match: Match): (id: number) => boolean {
  const passes = slotMembership(match);
  return (id) => {
    const slot = match.index.slotOf.get(id);
    return slot !== undefined && passes(slot);
  };
}

/** Counts the matching set in one pass, leaving out one group's own filter when asked. */
export function tally(match: Match, without?: Group): Counts {
  const { index } = match;
  const { vendors, tags: groups } = groupsOf(match, without);
  const kept = match.only === undefined ? undefined : countsOf(match, without);
  if (kept) return kept;
  const vendorCounts = new Int32Array(index.vendors.names.length);
  const tagCounts = new Int32Array(index.tagCount);
  const { vendor: vendorOf, priceCents, tags: tagsOf, live } = index;
  const { candidates } = match;
  let total = 0;
  let max = -Infinity;
  const end = candidates ? candidates.length : index.slots;
  for (let at = 0; at < end; at += 1) {
    const slot = candidates ? (candidates[at] ?? 0) : at;
    if (!candidates && live[slot] !== 1) continue;
    const vendor = vendorOf[slot] ?? 0;
    if (vendors && vendors[vendor] === 0) continue;
    const tags = tagsOf[slot] ?? [];
    if (groups.length > 0 && !tagsPass(tags, groups)) continue;
    if (!match.passesBase(slot)) continue;
    total += 1;
    const price = priceCents[slot] ?? 0;
    if (price > max) max = price;
    vendorCounts[vendor] = (vendorCounts[vendor] ?? 0) + 1;
    for (const code of tags) tagCounts[code] = (tagCounts[code] ?? 0) + 1;
  }
  return { total, maxPriceCents: total > 0 ? max : 0, vendorCounts, tagCounts };
}

/**
 * The running counts of the whole catalogue or of one collection subtree, when that is all
 * the set is (no text, price, availability, or vendor and tag filters left); the highest
 * price is counted again only when a removal may have lowered it.
 */
function countsOf(match: Match, without: Group): Counts | undefined {
  const { vendors, tags } = groupsOf(match, without);
  if (vendors || tags.length > 0 || match.only === undefined) return undefined;
  const { index } = match;
  const kept = match.only === null ? index.whole : index.subtrees.get(match.only);
  if (!kept) return { total: 0, maxPriceCents: 0, vendorCounts: [], tagCounts: [] };
  if (kept.maxPriceCents === undefined) {
    kept.maxPriceCents = tally({ ...match, only: undefined }, without).maxPriceCents;
  }
  return { ...kept, maxPriceCents: kept.maxPriceCents };
}
