import { htmlToText } from './html-text.ts';

/**
 * spec storefront 9, 'Title A-Z' and the default order: titles compare as the shopper reads
 * them, not as their markup is written ('<strong>Barrett…' sorted before
 * 'Caterpillar'). The API stores this key beside the title (products.sort_title) and the
 * build sorts on the same key with the same comparison, so a list's prerendered pages and
 * the pages the browser asks the API for are one order.
 * @example titleSortKey('<strong>Barrett</strong> Seal Kit') // 'Barrett Seal Kit'
 */
export const titleSortKey = (title: string): string => htmlToText(title);

/**
 * SQLite's NOCASE order (ASCII letters folded, then UTF-8 bytes, which order as code points),
 * the collation of the API's title index.
 * @example compareNocase('apple', 'Banana') // negative
 */
export function compareNocase(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 65 && x <= 90) x += 32;
    if (y >= 65 && y <= 90) y += 32;
    if (x === y) continue;
    // A surrogate pair (beyond U+FFFF) orders after every other UTF-16 unit, as in UTF-8.
    const high = (unit: number) => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x10000 : unit);
    return high(x) - high(y);
  }
  return a.length - b.length;
}
