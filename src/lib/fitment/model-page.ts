import type { ProductRecord } from '../../../shared/contracts/product-record.ts';
import { compactSerial } from '../../../shared/fitment/serial.ts';
import { staticCard, type StaticCard } from '../catalog/static-card.ts';

/**
 * A machine model's page (issue 31, item 7): its parts grouped by category, the manuals and
 * questions that mention it, and its structured data. Pure: the route hands it the records.
 */

/** Cards shown in each category before its 'All …' link. */
export const CARDS_PER_GROUP = 8;
/** Manuals listed, the first ones of its parts. */
export const MANUALS_SHOWN = 10;
/** Questions listed, those that name the model. */
export const QUESTIONS_SHOWN = 10;
/** Parts named in the page's ItemList (its numberOfItems says how many in all). */
export const ITEM_LIST_MAX = 100;

export { machinePath } from './machine-path.ts';

/** One category of a model's parts. */
export interface PartGroup {
  title: string;
  /** The category's page narrowed to the model (`fits=`), for all of its parts. */
  href: string;
  count: number;
  cards: StaticCard[];
}

/**
 * The parts by their first category, the biggest group first (then by title); a part without
 * a category goes to 'Other parts', last. `collectionOf` gives a category's title and handle as
 * the collection list has them now (a rename does not log the members, whose records may hold
 * the old ones); without it, or for a collection it lacks, the part's own reference.
 */
export function partGroups(
  parts: readonly ProductRecord[],
  {
    collectionBase,
    fits,
    collectionOf = () => undefined,
  }: {
    collectionBase: string;
    fits: string;
    collectionOf?: (id: number) => { title: string; handle: string } | undefined;
  },
): PartGroup[] {
  const groups = new Map<string, { title: string; handle: string; parts: ProductRecord[] }>();
  for (const part of parts) {
    const reference = part.Collections[0];
    const first = reference && (collectionOf(reference.id) ?? reference);
    const key = first?.handle ?? '';
    const group = groups.get(key) ?? {
      title: first?.title ?? 'Other parts',
      handle: key,
      parts: [],
    };
    group.parts.push(part);
    groups.set(key, group);
  }
  const query = new URLSearchParams({ fits }).toString();
  return [...groups.values()]
    .sort(
      (a, b) =>
        Number(a.handle === '') - Number(b.handle === '') ||
        b.parts.length - a.parts.length ||
        a.title.localeCompare(b.title, 'en'),
    )
    .map((group) => ({
      title: group.title,
      href: group.handle
        ? `${collectionBase}/${encodeURIComponent(group.handle)}?${query}`
        : `/search.php?${query}`,
      count: group.parts.length,
      cards: group.parts.slice(0, CARDS_PER_GROUP).map(staticCard),
    }));
}

/** The manuals of a model's parts, each once, the first MANUALS_SHOWN. */
export function partManuals(
  parts: readonly Pick<ProductRecord, 'PDFs'>[],
): { url: string; filename: string }[] {
  const seen = new Map<string, string>();
  for (const part of parts) {
    for (const pdf of part.PDFs) {
      if (seen.size >= MANUALS_SHOWN) break;
      if (!seen.has(pdf.url)) {
        seen.set(pdf.url, pdf.Attachment.localFilename.split(/[\\/]/).pop() || 'manual.pdf');
      }
    }
  }
  return [...seen].map(([url, filename]) => ({ url, filename }));
}

/** A text's runs of one to three words, each compacted as model names are ('pth 50' → 'PTH50'). */
function wordRuns(text: string): Set<string> {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const runs = new Set<string>();
  for (let at = 0; at < words.length; at += 1) {
    for (let length = 1; length <= 3 && at + length <= words.length; length += 1) {
      runs.add(compactSerial(words.slice(at, at + length).join('')));
    }
  }
  return runs;
}

/**
 * Which texts (a question's title and body) name a model by its code or one of its other
 * names, by index: each text's word runs are read once, each model looks its names up.
 * @example mentionsOf([{ id: 1, text: 'Does it fit a PTH 50?' }])(['PTH50']) // [1]
 */
export function mentionsOf<T extends { id: number; text: string }>(
  texts: readonly T[],
): (names: readonly string[]) => T[] {
  const byRun = new Map<string, T[]>();
  for (const text of texts) {
    for (const run of wordRuns(text.text)) {
      // A lone number or letter names no model ('the 2 wheels').
      if (!/\p{L}/u.test(run) || !/\p{N}/u.test(run)) continue;
      const list = byRun.get(run);
      if (list) list.push(text);
      else byRun.set(run, [text]);
    }
  }
  return (names) => {
    const found = new Map<number, T>();
    for (const name of names) {
      for (const text of byRun.get(compactSerial(name)) ?? []) found.set(text.id, text);
    }
    return [...found.values()];
  };
}

/**
 * The page's structured data: the model's parts as an ItemList of their pages.
 * @example modelItemList('Crown PTH50 pallet jack', 'https://…/machines/crown/pth50', [{ url, name }])
 */
export function modelItemList(
  name: string,
  url: string,
  parts: readonly { url: string; name: string }[],
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `Parts for the ${name}`,
    url,
    numberOfItems: parts.length,
    itemListElement: parts.map((part, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: part.url,
      name: part.name,
    })),
  };
}
