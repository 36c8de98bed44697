export { default as ResultsList } from './ResultsList.tsx';
export type { InitialPage, ResultsListSettings } from './ResultsList.tsx';
