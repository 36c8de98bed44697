/**
 * The store's own URLs, built in one place (account-and-shell 2.1: the collection, product and
 * article bases are configurable, theme.paths). A handle is always encoded: a merchant's
 * handle with a space, `#` or `?` must not turn into another path or a query.
 *
 * @example productPath('/products', 'load wheel') // '/products/load%20wheel'
 */
const underBase = (base: string, handle: string): string => `${base}/${encodeURIComponent(handle)}`;

/** A product's page under theme.paths' product base. */
export const productPath = underBase;
/** A collection's page under theme.paths' collection base. */
export const collectionPath = underBase;
/** An article's page under theme.paths' article base. */
export const articlePath = underBase;
