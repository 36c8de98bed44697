import { escapeHtml } from '../../../shared/format/escape-html.ts';
import { paginate, type IndexPage } from './index-pagination.ts';
import { sortedFromLast } from './sorted-from-last.ts';

/** A link of the static product and category indexes. */
export interface IndexEntry {
  label: string;
  path: string;
  /** The letter heading it files under: 'A' to 'Z', or '#' for anything else. */
  letter: string;
}

/** An entry with the note shown after its link (a product's part number, a category's trail). */
export interface NotedEntry extends IndexEntry {
  note?: string;
}

/**
 * The letter a title files under.
 * @example indexLetter('crown wheel') // 'C'
 * @example indexLetter('3/4" bearing') // '#'
 */
export function indexLetter(title: string): string {
  const first = title
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  return /^[A-Z]$/.test(first) ? first : '#';
}

// One collator for every comparison: localeCompare with a locale and options looks one up on
// each call, which was most of the time of listing the 100,000-product index's paths.
const labelOrder = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byLabel = (a: { label: string }, b: { label: string }) =>
  labelOrder.compare(a.label, b.label);

/**
 * The order of an A to Z index: '#' first (numbers and symbols), then by letter, and by label
 * within a letter; labels the collator holds equal ('Axle' and 'axle') by their code units,
 * then by path, so that the order is total and does not depend on the order the entries came
 * in (sortedFromLast needs that).
 */
function indexOrder(a: IndexEntry, b: IndexEntry): number {
  if (a.letter !== b.letter) {
    if (a.letter === '#') return -1;
    if (b.letter === '#') return 1;
    return a.letter < b.letter ? -1 : 1;
  }
  return byLabel(a, b) || codeUnitOrder(a.label, b.label) || codeUnitOrder(a.path, b.path);
}

const codeUnitOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Entries sorted for an A to Z index (indexOrder). A named index starts from the order it had
 * the last time: a warm publish lists the 100,000-entry product index again after a product
 * came or went, and the sort from scratch (1.7 million comparisons of the collator) took 0.4 s
 * of that listing, 0.25 to 0.3 s from the last order (issue 33, item 3).
 */
export function sortIndexEntries<T extends IndexEntry>(entries: readonly T[], name?: string): T[] {
  return name === undefined
    ? [...entries].sort(indexOrder)
    : sortedFromLast(`index:${name}`, entries, (entry) => entry.path, indexOrder);
}

/** Where each letter starts: the page it first appears on, in index order. */
export function letterStarts<T extends IndexEntry>(
  pages: readonly IndexPage<T>[],
): { letter: string; page: number }[] {
  const starts: { letter: string; page: number }[] = [];
  const seen = new Set<string>();
  for (const { page, items } of pages) {
    for (const { letter } of items) {
      if (seen.has(letter)) continue;
      seen.add(letter);
      starts.push({ letter, page });
    }
  }
  return starts;
}

/** Consecutive runs of one letter on a page, for its letter headings. */
export function groupByLetter<T extends IndexEntry>(
  items: readonly T[],
): { letter: string; items: T[] }[] {
  const groups: { letter: string; items: T[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last?.letter === item.letter) last.items.push(item);
    else groups.push({ letter: item.letter, items: [item] });
  }
  return groups;
}

/** An A to Z index cut into pages (`name`: see sortIndexEntries). */
export function letterIndex<T extends IndexEntry>(
  entries: readonly T[],
  perPage: number,
  name?: string,
) {
  const pages = paginate(sortIndexEntries(entries, name), perPage);
  return { pages, starts: letterStarts(pages) };
}

/**
 * The trail of a category's parents, top first, for the category index: two 'Wheels' under
 * different parents read apart. The category itself is dropped when the trail ends with it.
 * @example parentTrail([{ title: 'Pallet Jack Parts', handle: 'pj' }, { title: 'Wheels', handle: 'w' }], 'w') // 'Pallet Jack Parts'
 */
export function parentTrail(
  trail: readonly { title: string; handle: string }[],
  handle: string,
): string {
  const parents = trail.at(-1)?.handle === handle ? trail.slice(0, -1) : trail;
  return parents
    .map((crumb) => crumb.title.trim())
    .filter((title) => title !== '')
    .join(' › ');
}

/**
 * The list items of an A-to-Z index page's entries as HTML: a link, and the entry's note
 * after it. A product that comes or goes moves every later entry to another page (a hundred
 * pages of 1,000 at 100,000 products); made as one string they render in a fraction of the
 * time Astro took from components, without the component's scope class on every element.
 */
export function indexEntriesHtml(entries: readonly (IndexEntry & { note?: string })[]): string {
  let html = '';
  for (const entry of entries) {
    const note = entry.note ? `<span class="note"> ${escapeHtml(entry.note)}</span>` : '';
    html += `<li><a href="${escapeHtml(entry.path)}">${escapeHtml(entry.label)}</a>${note}</li>`;
  }
  return html;
}
