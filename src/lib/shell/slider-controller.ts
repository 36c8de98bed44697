import { isSliderAt, MOBILE_BREAKPOINT, slideTo, sliderStep, swipeDirection } from './slider.ts';
import { followDrag } from './slider-drag.ts';

/** The elements of one slider: a clipping viewport around a track of items, and two arrows. */
export interface SliderParts {
  /** Gets `is-enhanced` once the script runs and `is-dragging` during a drag. */
  root: HTMLElement;
  viewport: HTMLElement;
  /** Its element children are the items; it moves by a transform. */
  track: HTMLElement;
  prev: HTMLButtonElement;
  next: HTMLButtonElement;
}

export interface SliderController {
  /** Lay out again after the items changed (one removed, more loaded): keeps the index valid. */
  refresh(): void;
  /** Removes every listener (an island unmounting). */
  destroy(): void;
}

/**
 * Arrows, swipe and keyboard focus for a product slider (spec storefront 2 and 9): an arrow
 * or a swipe moves 2 items on mobile and 5 on desktop (fewer when fewer fit, see sliderStep),
 * and a swipe must travel 15 percent of the visible width. The track follows the pointer while dragging; a drag is not a click on
 * the card under it. Tabbing to a card out of view brings it into view. `active` says whether
 * the list is a slider at the current width (a short list is a plain grid); while it is not,
 * the track is left alone.
 *
 * Used by the prerendered strips (ProductSlider.astro) and the recently viewed island, so the
 * two behave the same.
 */
export function enhanceSlider(
  { root, viewport, track, prev, next }: SliderParts,
  { active = () => true }: { active?: () => boolean } = {},
): SliderController {
  const listeners = new AbortController();
  const { signal } = listeners;
  root.classList.add('is-enhanced');
  let index = 0;

  // The items laid out at this width: a tile the layout hides (the featured banner on a phone,
  // shown above the strip there) takes no place in the steps.
  const items = () =>
    [...track.children].filter(
      (child): child is HTMLElement =>
        child instanceof HTMLElement && child.getClientRects().length > 0,
    );
  // Positions from the layout (a banner tile may be wider than a card).
  const offsets = () => {
    const list = items();
    const origin = list[0]?.offsetLeft ?? 0;
    return list.map((item) => item.offsetLeft - origin);
  };
  /** How many items are in view at the end: the last index that still fills the view. */
  const visible = () => {
    const list = items();
    const at = offsets();
    const total = (at.at(-1) ?? 0) + (list.at(-1)?.offsetWidth ?? 0);
    const maxIndex = at.findIndex((x) => total - x <= viewport.clientWidth + 1);
    return list.length - Math.max(0, maxIndex);
  };
  const lastIndex = () => Math.max(0, items().length - visible());
  const render = (offset = 0) => {
    if (!active()) {
      track.style.transform = '';
      return;
    }
    index = Math.min(index, lastIndex());
    track.style.transform = `translateX(${String(-(offsets()[index] ?? 0) + offset)}px)`;
    prev.disabled = index <= 0;
    next.disabled = index >= lastIndex();
  };
  const move = (direction: -1 | 1) => {
    index = slideTo({
      index,
      direction,
      step: sliderStep(window.innerWidth, visible()),
      count: items().length,
      visible: visible(),
    });
    render();
  };

  prev.addEventListener('click', () => move(-1), { signal });
  next.addEventListener('click', () => move(1), { signal });
  window.addEventListener('resize', () => render(), { signal });
  // Crossing the mobile width changes the step and maybe whether this is a slider at all.
  window.matchMedia(`(width < ${String(MOBILE_BREAKPOINT)}px)`).addEventListener(
    'change',
    () => {
      index = 0;
      render();
    },
    { signal },
  );

  // Swipe or drag: the track follows the pointer; on release, 15 percent moves a step.
  followDrag(root, viewport, {
    signal,
    enabled: active,
    drag: (dx) => render(dx),
    release: (dx) => {
      const direction = swipeDirection(dx, viewport.clientWidth);
      if (direction === 0) render();
      else move(direction);
    },
  });
  // Tabbing to a card out of view: show it (and undo the browser's own scroll of the clipped
  // viewport, which the transform already accounts for).
  viewport.addEventListener(
    'focusin',
    (event) => {
      viewport.scrollLeft = 0;
      if (!active() || !(event.target instanceof Node)) return;
      const target = event.target;
      const list = items();
      const item = list.findIndex((child) => child.contains(target));
      const focused = list[item];
      if (!focused) return;
      const at = offsets();
      const left = at[item] ?? 0;
      const start = at[index] ?? 0;
      const shown = left >= start && left + focused.offsetWidth <= start + viewport.clientWidth + 1;
      if (!shown) {
        index = Math.min(item, lastIndex());
        render();
      }
    },
    { signal },
  );
  render();
  return {
    refresh: () => render(),
    destroy: () => {
      listeners.abort();
      root.classList.remove('is-enhanced', 'is-dragging');
      track.style.transform = '';
    },
  };
}

/**
 * Wires the prerendered strips (ProductSlider.astro) among `roots`: each is a slider at the
 * widths its `data-mobile-slider` and `data-desktop-slider` attributes name (spec
 * storefront 2: more than 2 items on mobile, more than 5 on desktop) and a plain grid at the
 * others. A strip missing one of its parts is left as it is.
 */
export function enhanceStrips(roots: Iterable<HTMLElement>): SliderController[] {
  const controllers: SliderController[] = [];
  for (const root of roots) {
    const viewport = root.querySelector<HTMLElement>('[data-slider-viewport]');
    const track = root.querySelector<HTMLElement>('[data-slider-track]');
    const prev = root.querySelector<HTMLButtonElement>('[data-slider-prev]');
    const next = root.querySelector<HTMLButtonElement>('[data-slider-next]');
    if (!viewport || !track || !prev || !next) continue;
    const modes = {
      mobile: root.hasAttribute('data-mobile-slider'),
      desktop: root.hasAttribute('data-desktop-slider'),
    };
    controllers.push(
      enhanceSlider(
        { root, viewport, track, prev, next },
        { active: () => isSliderAt(window.innerWidth, modes) },
      ),
    );
  }
  return controllers;
}
