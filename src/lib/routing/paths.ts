/**
 * The store's own URLs, built in one place (account-and-shell 2.1: the collection, product and
 * article bases are configurable, theme.paths). A handle is always encoded: a merchant's
 * handle with a space, `#` or `?` must not turn into another path or a query.
 *
 * @example productPath('/products', 'load wheel') // '/products/load%20wheel'
 */
export const productPath = (productBase: string, handle: string): string =>
  `${productBase}/${encodeURIComponent(handle)}`;

export const collectionPath = (collectionBase: string, handle: string): string =>
  `${collectionBase}/${encodeURIComponent(handle)}`;

export const articlePath = (articleBase: string, handle: string): string =>
  `${articleBase}/${encodeURIComponent(handle)}`;
