import { pageCacheKey } from '../product/cache-key.ts';
import type { NavNode } from '../../../shared/contracts/catalogue-records.ts';

/** What the shell of every page (src/layouts/Base.astro) renders from catalogue data. */
export interface ShellInputs {
  /** The whole navigation tree: the desktop menu cuts it, the mobile menu shows all of it. */
  tree: readonly NavNode[];
  /** The top-level collections the header's search box lists as categories. */
  searchCategories: readonly { id: number; title: string }[];
  /** The footer's copyright year (Footer.astro, the build machine's local year). */
  year: number;
}

/**
 * One digest of everything the shell renders that can change without a code change, for
 * the incremental-build key of every page that has the shell ("a renamed
 * collection kept its old name in the menu on 1,845 of 2,000 product pages"). Computed once
 * per build, not once per page. The shell's code and src/lib/config (announcement, footer
 * links, free-shipping amount, menu depth) are not in it: Astro's dependency hash covers them.
 * @example shellKey({ tree, searchCategories, year: 2026 }) // 'c0ffee...' (24 hex digits)
 */
export function shellKey({ tree, searchCategories, year }: ShellInputs): string {
  return pageCacheKey([
    'shell',
    JSON.stringify(tree),
    JSON.stringify(searchCategories.map(({ id, title }) => [id, title])),
    year,
  ]);
}
