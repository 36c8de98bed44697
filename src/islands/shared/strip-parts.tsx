import type { Ref } from 'react';

// The parts the island strips share (the related products' and the recently viewed ones'),
// as plain functions with their arguments in order: a component's props object costs bytes
// on every product page for no change in what renders.

/**
 * A strip's two arrows (spec storefront 9), named after its title. The data attributes are
 * what enhanceStrips finds; a strip that holds its own refs passes them.
 */
export function stripArrows(
  title: string,
  prevRef?: Ref<HTMLButtonElement>,
  nextRef?: Ref<HTMLButtonElement>,
) {
  return (
    <>
      <button
        type="button"
        className="round-button"
        ref={prevRef}
        data-slider-prev
        aria-label={`Previous ${title}`}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="round-button"
        ref={nextRef}
        data-slider-next
        aria-label={`Next ${title}`}
      >
        <span aria-hidden="true">›</span>
      </button>
    </>
  );
}

/** Why a strip's cards did not come (`what` could not be loaded), with its retry. */
export function stripFailure(className: string, what: string, failure: string, retry: () => void) {
  return (
    <p className={className} role="alert">
      {what} could not be loaded: {failure}{' '}
      <button type="button" onClick={retry}>
        Try again
      </button>
    </p>
  );
}
