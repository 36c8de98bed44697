/**
 * The shell's parts (issue 33, item 1): the header's menus, the search box's categories, the
 * footer and the catalogue sidebar are the same HTML on every page that has them, so a build publishes each once, at
 * /shell-parts/{name}/index.html, and a page carries an include in its place, which the web
 * server fills as it answers: nginx with its `ssi` module, the Node server with
 * `assembleParts` below (docs/decisions.md, "Shell parts"). A menu change then re-renders
 * four files instead of 125,000 pages, and a shopper without JavaScript or a crawler still
 * gets every link in the page it loads.
 */

/**
 * The parts, each rendered by its page in src/pages/shell-parts/: the header's menus, the
 * search box's category options (inside its island's markup), the footer and the catalogue
 * sidebar.
 */
export const SHELL_PARTS = ['menus', 'search-categories', 'footer', 'sidebar'] as const;
export type ShellPart = (typeof SHELL_PARTS)[number];

/**
 * What a product page shows of its first collection, published once per collection
 * (src/pages/shell-parts/trail/): the breadcrumb trail's links up to the collection (`crumbs`),
 * the same links as the items of its BreadcrumbList (`ld`), and the top banner of the
 * collection's chain (`banner`). A collection's rename then writes these three files and not
 * the pages of its 40,000 products (issue 33, item 1).
 */
export const TRAIL_PIECES = ['crumbs', 'ld', 'banner'] as const;
export type TrailPiece = (typeof TRAIL_PIECES)[number];
export type TrailPart = `trail/${number}/${TrailPiece}`;

/** Any part a page may include: a shell part, or a piece of a collection's trail. */
export type PagePart = ShellPart | TrailPart;

/** The part of collection `collectionId`'s trail that is `piece`. */
export const trailPart = (collectionId: number, piece: TrailPiece): TrailPart =>
  `trail/${collectionId}/${piece}`;

/** The folder of the parts in a release, never answered to a request of its own. */
export const SHELL_PARTS_PREFIX = '/shell-parts/';

/** A part's file in a release, as a root-relative path. */
export const partPath = (part: PagePart): string => `${SHELL_PARTS_PREFIX}${part}/index.html`;

/**
 * The include a page carries where the part goes: nginx's SSI syntax, which the Node server
 * reads the same way.
 * @example partInclude('footer') // '<!--# include virtual="/shell-parts/footer/index.html" -->'
 */
export const partInclude = (part: PagePart): string =>
  `<!--# include virtual="${partPath(part)}" -->`;

/** Exactly the includes of partInclude, and nothing else nginx's SSI would act on. */
const INCLUDE = /<!--# include virtual="\/shell-parts\/([a-z0-9/-]+)\/index\.html" -->/g;
/** One command that is exactly such an include (not global: it keeps no position). */
const ONE_INCLUDE = new RegExp(`^${INCLUDE.source}$`);
/** Any SSI command: `<!--#` starts one for nginx whatever follows. */
const COMMAND = /<!--#[^]*?-->/g;
const TRAIL = new RegExp(`^trail/[1-9][0-9]{0,9}/(?:${TRAIL_PIECES.join('|')})$`);

/** Whether `name` is a part a page may include (the file name of one, nothing else). */
export const isPart = (name: string): name is PagePart =>
  (SHELL_PARTS as readonly string[]).includes(name) || TRAIL.test(name);

/** The parts a page includes, in order, each once. */
export function includedParts(html: string): PagePart[] {
  const parts = new Set<PagePart>();
  for (const [, name = ''] of html.matchAll(INCLUDE)) if (isPart(name)) parts.add(name);
  return [...parts];
}

/**
 * The page as a shopper gets it: each include replaced by its part's HTML, as nginx does.
 * A part the release lacks leaves nothing, where nginx would print an error comment.
 * @example assembleParts('<p><!--# include virtual="/shell-parts/footer/index.html" --></p>', new Map([['footer', 'F']])) // '<p>F</p>'
 */
export function assembleParts(html: string, parts: ReadonlyMap<PagePart, string>): string {
  return html.replace(INCLUDE, (include, name: string) =>
    isPart(name) ? (parts.get(name) ?? '') : include,
  );
}

/**
 * SSI commands in a built page other than the shell's includes. nginx acts on any of them
 * (an `include` of /api/customer would put a shopper's data into the page), so a page that
 * has one must not be published: text a merchandiser wrote is escaped or sanitised on the way
 * in, and this says so of every page.
 * @example strayCommands('<!--#echo var="x" -->') // ['<!--#echo var="x" -->']
 */
export function strayCommands(html: string): string[] {
  const stray: string[] = [];
  for (const [command] of html.matchAll(COMMAND)) {
    if (!isPart(ONE_INCLUDE.exec(command)?.[1] ?? '')) stray.push(command);
  }
  return stray;
}
