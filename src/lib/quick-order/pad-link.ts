/**
 * Links that fill the quick-order pad (issue 32, items 6 and 8), in a module of their own so
 * the pages that link to it (an order's 'Buy again') load nothing of the pad.
 */

/** A line going into the pad: from a paste, a file, a typed row or a link. */
export interface NewLine {
  part: string;
  quantity: number;
  /** The unit price paid last time, for a line from 'Buy again'. */
  was?: number;
  /** The product and option chosen when it was saved (a saved list's line). */
  productId?: number;
  variantId?: number;
}

/** The pad's address filled with lines: `/quick-order?lines=…&was=…` (issue 32, item 6). */
export const PAD_PATH = '/quick-order';

/**
 * A link that fills the pad: one line per row as the pad reads them ('85288-001 2'), and the
 * prices paid, in the same order, when a past order is bought again.
 * @example padLink([{ part: '85288-001', quantity: 2 }]) // '/quick-order?lines=85288-001%092'
 */
export function padLink(lines: readonly NewLine[]): string {
  const query = new URLSearchParams({
    lines: lines.map((line) => `${line.part}\t${String(line.quantity)}`).join('\n'),
  });
  if (lines.some((line) => line.was !== undefined)) {
    query.set(
      'was',
      lines.map((line) => (line.was === undefined ? '' : String(line.was))).join(','),
    );
  }
  return `${PAD_PATH}?${query.toString()}`;
}
