/**
 * Generic pages live at /{handle} (spec account-and-shell 2.1, '/:handle'). Only records of
 * the `pages` collection become such pages; a handle that is not a single safe path segment,
 * or that names a route of its own, is left out so it can never shadow that route.
 */
const SAFE_HANDLE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** First path segments that belong to other routes of the site (route table and build). */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(
  [
    '404',
    'account',
    'api',
    'articles',
    'brands',
    'cart',
    'cindex',
    'collection',
    'collections',
    'compareProduct',
    'help',
    'help_answer',
    'login',
    'pagefind',
    'product-index',
    'productimage',
    'products',
    'productslist',
    'questions',
    'search',
    'search-index',
    'sitemap-index',
    'socket.io',
    '_astro',
  ].map((segment) => segment.toLowerCase()),
);

/** Pages that are only reached from an email or a form (route table: 'not shown'). */
export const NOINDEX_PAGE_HANDLES: ReadonlySet<string> = new Set(['confirm-subscription']);

/**
 * Whether a `pages` record can be built at /{handle}.
 * @example isGenericPageHandle('about-us', ['/articles']) // true
 * @example isGenericPageHandle('cart', []) // false
 */
export function isGenericPageHandle(
  handle: string,
  configuredBases: readonly string[] = [],
): boolean {
  if (!SAFE_HANDLE.test(handle)) return false;
  const lower = handle.toLowerCase();
  if (RESERVED_SEGMENTS.has(lower)) return false;
  return !configuredBases.some((base) => base.split('/')[1]?.toLowerCase() === lower);
}

/** The path of a generic page. */
export const genericPagePath = (handle: string): string => `/${handle}`;
