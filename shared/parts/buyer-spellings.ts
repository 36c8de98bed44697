/**
 * Ways buyers write one part number (issue 32): as printed, in lowercase, with spaces, dots or
 * slashes for its hyphens, without punctuation, with stray spaces. The quick order's golden
 * table (server/quick-order/golden.test.ts) and its bench (bench/quick-order-bench.ts) spell
 * numbers with them.
 */
export const BUYER_SPELLINGS: readonly ((part: string) => string)[] = [
  (part) => part,
  (part) => part.toLowerCase(),
  (part) => part.replaceAll('-', ' '),
  (part) => part.replaceAll('-', '.'),
  (part) => part.replace(/[^A-Za-z0-9]/g, ''),
  (part) => ` ${part.toLowerCase().replaceAll('-', '')} `,
  (part) => part.replaceAll('-', '/'),
];

/** The `index`th spelling of `part`, going round the list. */
export const spelled = (part: string, index: number): string =>
  (BUYER_SPELLINGS[index % BUYER_SPELLINGS.length] ?? ((same: string) => same))(part);
