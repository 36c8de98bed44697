export { ErrorBoundary, withErrorBoundary } from './ErrorBoundary.tsx';
export { ErrorFallback, OOPS_MESSAGE, OOPS_TITLE } from './ErrorFallback.tsx';
export { singleClick } from './single-click.ts';
export { useHydratingStore } from './use-hydrating-store.ts';
