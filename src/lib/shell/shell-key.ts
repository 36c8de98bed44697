import { pageCacheKey } from '../product/cache-key.ts';

/** What the shell of every page (src/layouts/Base.astro) renders from catalogue data in place. */
export interface ShellInputs {
  /** The top-level collections the header's search box lists as categories (its props). */
  searchCategories: readonly { id: number; title: string }[];
}

/**
 * One digest of what the shell renders into each page that can change without a code change,
 * for the incremental-build key of every page that has the shell ("a renamed collection kept
 * its old name in the menu on 1,845 of 2,000 product pages"). Computed once per build. The
 * menus, the footer and the catalogue sidebar are not in it: they are shell parts, published
 * once and included by the web server (src/lib/shell/shell-parts.ts), so a menu change
 * re-renders no page. The shell's code and src/lib/config are not in it either: Astro's
 * dependency hash covers them.
 * @example shellKey({ searchCategories: [{ id: 1, title: 'Wheels' }] }) // 'c0ffee...' (24 hex digits)
 */
export function shellKey({ searchCategories }: ShellInputs): string {
  return pageCacheKey([
    'shell',
    JSON.stringify(searchCategories.map(({ id, title }) => [id, title])),
  ]);
}
