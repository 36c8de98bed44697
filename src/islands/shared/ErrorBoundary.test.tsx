import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, withErrorBoundary } from './ErrorBoundary.tsx';
import { ErrorFallback, OOPS_MESSAGE, OOPS_TITLE } from './ErrorFallback.tsx';

// No DOM renderer is installed, so the boundary's two halves are tested on their own:
// React calls getDerivedStateFromError after a child throws, then render() with that state.

function Fine() {
  return <p>Cart</p>;
}

describe('ErrorFallback', () => {
  it("says 'Oops.' and 'Something went wrong.' as an alert", () => {
    expect(OOPS_TITLE).toBe('Oops.');
    expect(OOPS_MESSAGE).toBe('Something went wrong.');
    const html = renderToStaticMarkup(<ErrorFallback />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Oops.');
    expect(html).toContain('Something went wrong.');
  });
});

describe('ErrorBoundary', () => {
  it('renders its children while nothing failed', () => {
    expect(
      renderToStaticMarkup(
        <ErrorBoundary>
          <Fine />
        </ErrorBoundary>,
      ),
    ).toBe('<p>Cart</p>');
  });

  it('switches to the failed state when a child throws', () => {
    expect(ErrorBoundary.getDerivedStateFromError()).toEqual({ failed: true });
  });

  it('renders the Oops screen in the failed state', () => {
    const boundary = new ErrorBoundary({ children: <Fine /> });
    boundary.state = ErrorBoundary.getDerivedStateFromError();
    const html = renderToStaticMarkup(<>{boundary.render()}</>);
    expect(html).toContain('Oops.');
    expect(html).toContain('Something went wrong.');
    expect(html).not.toContain('Cart');
  });

  it('renders a given fallback instead', () => {
    const boundary = new ErrorBoundary({ fallback: <span>custom</span> });
    boundary.state = { failed: true };
    expect(renderToStaticMarkup(<>{boundary.render()}</>)).toBe('<span>custom</span>');
  });

  it('logs the error by default and hands it to onError when given', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('boom');
    new ErrorBoundary({}).componentDidCatch(error, { componentStack: '\n at Cart' });
    expect(log).toHaveBeenCalledWith('[island] render failed:', error, '\n at Cart');
    log.mockRestore();

    const onError = vi.fn();
    new ErrorBoundary({ onError }).componentDidCatch(error, { componentStack: '' });
    expect(onError).toHaveBeenCalledWith(error, { componentStack: '' });
  });
});

describe('withErrorBoundary', () => {
  it('wraps a component and keeps its output', () => {
    const Wrapped = withErrorBoundary(Fine);
    expect(Wrapped.displayName).toBe('WithErrorBoundary(Fine)');
    expect(renderToStaticMarkup(<Wrapped />)).toBe('<p>Cart</p>');
  });
});
