import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './ErrorFallback.tsx';

interface Props {
  children?: ReactNode;
  /** Replaces the default 'Oops.' screen. */
  fallback?: ReactNode;
  /** Told about the error (the default logs it). */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface State {
  failed: boolean;
}

/**
 * Every island wraps itself in this boundary, so a render error shows 'Oops.' and
 * 'Something went wrong.' (spec storefront 2 and 8) in place of the island instead of
 * breaking the page around it.
 * @example <ErrorBoundary><CartButton /></ErrorBoundary>
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.props.onError) this.props.onError(error, info);
    else console.error('[island] render failed:', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback ?? <ErrorFallback />;
    return this.props.children;
  }
}

/**
 * An island component wrapped in the boundary.
 * @example export default withErrorBoundary(CartButton);
 */
export function withErrorBoundary<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  const Wrapped = (props: P) => (
    <ErrorBoundary>
      <Inner {...props} />
    </ErrorBoundary>
  );
  Wrapped.displayName = `WithErrorBoundary(${Inner.displayName ?? Inner.name})`;
  return Wrapped;
}
