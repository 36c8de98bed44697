// The one drag handling of the site's sliders: the product strips (slider-controller.ts) and
// the looping carousels (slider-carousel.ts). A module of its own so that the home page's
// carousels load without the strips' controller, which loads later (ProductSlider.astro).

/** Pointer travel below this is a tap, not a drag: it neither moves the track nor cancels a click. */
export const TAP_SLOP_PX = 5;

/** What a drag of the track does, for {@link followDrag}. */
export interface DragHandlers {
  signal: AbortSignal;
  /** Whether a drag may start now (a strip that is a plain grid at this width: no). */
  enabled?: () => boolean;
  /** Pointer travel before the drag takes the pointer and moves the track (0: at once). */
  slop?: number;
  /** Whether a drag that moved is not a click on what was under the pointer. */
  blockClick?: boolean;
  /** As the pointer goes down. */
  grab?: () => void;
  /** The track follows the pointer, `dx` pixels from where it went down. */
  drag: (dx: number) => void;
  /** The pointer was released (or the drag cancelled) `dx` pixels from where it went down. */
  release: (dx: number) => void;
}

/**
 * Swipe and drag of a track, the same for every slider of the site: the root gets
 * `is-dragging` while the track follows the pointer; native image drags are off.
 */
export function followDrag(
  root: HTMLElement,
  viewport: HTMLElement,
  {
    signal,
    enabled = () => true,
    slop = TAP_SLOP_PX,
    blockClick = true,
    grab,
    drag,
    release,
  }: DragHandlers,
): void {
  let startX = 0;
  let dx = 0;
  let dragging = false;
  viewport.addEventListener(
    'pointerdown',
    (event) => {
      if (!enabled() || event.button !== 0) return;
      startX = event.clientX;
      dx = 0;
      dragging = true;
      grab?.();
      if (slop === 0) take(event.pointerId);
    },
    { signal },
  );
  const take = (pointerId: number) => {
    if (!viewport.hasPointerCapture(pointerId)) viewport.setPointerCapture(pointerId);
    root.classList.add('is-dragging');
  };
  viewport.addEventListener(
    'pointermove',
    (event) => {
      if (!dragging) return;
      dx = event.clientX - startX;
      if (slop > 0 && Math.abs(dx) <= slop) return;
      take(event.pointerId);
      drag(dx);
    },
    { signal },
  );
  const end = () => {
    if (!dragging) return;
    dragging = false;
    root.classList.remove('is-dragging');
    release(dx);
  };
  viewport.addEventListener('pointerup', end, { signal });
  viewport.addEventListener('pointercancel', end, { signal });
  if (blockClick) {
    viewport.addEventListener(
      'click',
      (event) => {
        if (Math.abs(dx) <= TAP_SLOP_PX) return;
        event.preventDefault();
        event.stopPropagation();
        dx = 0;
      },
      { capture: true, signal },
    );
  }
  viewport.addEventListener('dragstart', (event) => event.preventDefault(), { signal });
}
