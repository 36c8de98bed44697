import type { StoreConfig } from '../../lib/config/index.ts';
import type { ResultsListSettings } from './ResultsList.tsx';

/**
 * The results list's settings as the store's theme gives them: the same for every page that
 * has the list (a collection, the search page, a machine model's page).
 */
export const listSettings = (theme: StoreConfig['theme']): ResultsListSettings => ({
  currency: theme.storeCurrency,
  productBase: theme.paths.productBase,
  collectionBase: theme.paths.collectionBase,
  noImageUrl: theme.productNoImageUrl,
  cdnPrefix: theme.productImageCdnPrefix,
  defaultLimit: theme.defaultLimitPerPage,
  hiddenTagPrefixes: theme.filters.hiddenTagPrefixes,
});
