export { default as ResultsList } from './ResultsList.tsx';
export type { ResultsListSettings } from './ResultsList.tsx';
export type { InitialPage } from './use-address-search.ts';
export { listSettings } from './settings.ts';
