/** spec storefront 2 and 8: the render-error screen, 'Oops.' with 'Something went wrong.' */
export const OOPS_TITLE = 'Oops.';
export const OOPS_MESSAGE = 'Something went wrong.';

/** What an island shows in place of itself after a render error. */
export function ErrorFallback() {
  return (
    <div role="alert" className="error-fallback">
      <p className="error-fallback-title">
        <strong>{OOPS_TITLE}</strong>
      </p>
      <p>{OOPS_MESSAGE}</p>
    </div>
  );
}
