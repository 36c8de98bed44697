import { articlePath, collectionPath } from '../routing/paths.ts';

/** spec account-and-shell 9: "Sitemap sections: pages, categories, brands". */
export const SITEMAP_SECTIONS = [
  { key: 'pages', title: 'Pages' },
  { key: 'categories', title: 'Categories' },
  { key: 'brands', title: 'Brands' },
] as const;

export type SitemapSectionKey = (typeof SITEMAP_SECTIONS)[number]['key'];

/** The served URL of the HTML sitemap (built at /sitemap-index/, spec account-and-shell 2.1). */
export const SITEMAP_PATH = '/sitemap.php';

/** The served URL of a sitemap section: /sitemap.php/{section}. */
export const sitemapSectionPath = (key: SitemapSectionKey): string => `${SITEMAP_PATH}/${key}`;

export const isSitemapSection = (value: string): value is SitemapSectionKey =>
  SITEMAP_SECTIONS.some((section) => section.key === value);

/** A link of the sitemap; depth indents categories under their parents. */
export interface SitemapLink {
  label: string;
  path: string;
  depth: number;
  /** Extra text after the link, such as a product count. */
  note?: string;
}

/** A titled group of links inside a section. */
export interface SitemapGroup {
  heading: string;
  links: SitemapLink[];
}

/** A node of a tree that the categories section flattens. */
export interface TreeNode {
  id: number;
  title: string;
  handle: string;
  productCount: number;
}

/**
 * The category tree, depth first, each child indented one level under its parent. Each node
 * is visited once, so a corrupt parent chain cannot loop.
 */
export function flattenTree<T extends TreeNode>(
  childrenOf: (parentId: number | null) => readonly T[],
  collectionBase: string,
): SitemapLink[] {
  const links: SitemapLink[] = [];
  const seen = new Set<number>();
  const stack: { node: T; depth: number }[] = [...childrenOf(null)]
    .reverse()
    .map((node) => ({ node, depth: 0 }));
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next || seen.has(next.node.id)) continue;
    seen.add(next.node.id);
    const { node, depth } = next;
    links.push({
      label: node.title,
      path: collectionPath(collectionBase, node.handle),
      depth,
      note: productCountNote(node.productCount),
    });
    const children = childrenOf(node.id);
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const child = children[i];
      if (child) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return links;
}

/**
 * @example productCountNote(1) // '1 product'
 */
export const productCountNote = (count: number): string =>
  count === 1 ? '1 product' : `${count} products`;

/** What the pages section lists. */
export interface PagesSectionInput {
  articleBase: string;
  collectionBase: string;
  /** Generic pages that are built and indexable, in the order to show. */
  pages: readonly { handle: string; title: string }[];
  articles: readonly { handle: string; title: string }[];
  helpAnswers: readonly { handle: string; title: string }[];
}

/** The pages section: the store's own pages, the information pages, the blog and help. */
export function pagesSection(input: PagesSectionInput): SitemapGroup[] {
  const link = (label: string, path: string): SitemapLink => ({ label, path, depth: 0 });
  const groups: SitemapGroup[] = [
    {
      heading: 'Store',
      links: [
        link('Home', '/'),
        link('All Categories', input.collectionBase),
        link('All Brands', '/brands'),
        link('Product Index', '/product-index'),
        link('Category Index', '/cindex.asp'),
        link('Product List', '/productslist.asp'),
        link('Blog', input.articleBase),
        link('Help', '/help.asp'),
        link('Questions', '/questions'),
      ],
    },
    {
      heading: 'Information',
      links: input.pages.map((page) => link(page.title, `/${page.handle}`)),
    },
    {
      heading: 'Blog',
      links: input.articles.map((a) => link(a.title, articlePath(input.articleBase, a.handle))),
    },
    {
      heading: 'Help',
      links: input.helpAnswers.map((h) =>
        link(h.title, `/help_answer/${encodeURIComponent(h.handle)}`),
      ),
    },
  ];
  return groups.filter((group) => group.links.length > 0);
}

/** The brands section: every brand with its product count, by name. */
export function brandsSection(
  vendors: readonly { name: string; productCount: number }[],
): SitemapGroup[] {
  const links = [...vendors]
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((vendor) => ({
      label: vendor.name,
      path: `/brands/${encodeURIComponent(vendor.name)}`,
      depth: 0,
      note: productCountNote(vendor.productCount),
    }));
  return links.length > 0 ? [{ heading: 'Brands', links }] : [];
}
