import { isSliderAt, MOBILE_BREAKPOINT, slideTo, sliderStep, swipeDirection } from './slider.ts';

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

/** Pointer travel below this is a tap, not a drag: it neither moves the track nor cancels a click. */
const TAP_SLOP_PX = 5;

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

/** The elements of a looping carousel (the home page's hero and seller reviews). */
export interface CarouselParts {
  root: HTMLElement;
  viewport: HTMLElement;
  prev: HTMLElement | null;
  next: HTMLElement | null;
  /** The pause button, its text the labels of {@link CarouselOptions.pauseLabels}. */
  pause: HTMLButtonElement | null;
  /** One button per slide (the hero's dots). */
  dots?: readonly HTMLElement[];
}

/** How one carousel places its slides: its own positions, transitions and looping. */
export interface CarouselModel {
  /** Moves by `delta` slides, looping, and shows it. */
  move: (delta: number) => void;
  /** Goes to slide `index` (a dot). */
  goTo?: (index: number) => void;
  /** Shows the track dragged by `dx` pixels. */
  drag: (dx: number) => void;
  /** Slides a released drag of `dx` pixels moves: -1, 0 or 1. */
  dragStep: (dx: number) => -1 | 0 | 1;
  /** Puts the track back after a drag too short to move. */
  snapBack: () => void;
  /** Before a drag takes the track (the reviews end a running transition first). */
  grab?: () => void;
}

export interface CarouselOptions {
  /** Autoplay: the time between moves (spec storefront 9 and account-and-shell 9). */
  interval: number;
  /** The pause button's text while playing and while paused. */
  pauseLabels: readonly [pause: string, play: string];
  /** Whether keyboard focus inside holds autoplay as a hovering mouse does. */
  holdOnFocus?: boolean;
  /** Whether a drag that moved is not a click on the slide (a link). */
  blockClick?: boolean;
}

/**
 * Arrows, dots, swipe and autoplay of a looping carousel. Autoplay advances every
 * `interval` ms, restarts after every move the visitor makes, and stops while paused, while
 * a mouse hovers (and, with `holdOnFocus`, while focus is inside), while dragging, and for
 * people who asked for reduced motion. Where the slides go is the `model`'s business.
 */
export function enhanceCarousel(
  { root, viewport, prev, next, pause, dots = [] }: CarouselParts,
  model: CarouselModel,
  { interval, pauseLabels, holdOnFocus = false, blockClick = true }: CarouselOptions,
): SliderController {
  const listeners = new AbortController();
  const { signal } = listeners;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let timer: ReturnType<typeof setInterval> | undefined;
  let paused = false;
  let held = false;
  root.classList.add('is-enhanced');

  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const start = () => {
    stop();
    if (paused || held || reducedMotion.matches) return;
    timer = setInterval(() => model.move(1), interval);
  };
  const hold = (on: boolean) => {
    held = on;
    start();
  };
  /** A move the visitor made: autoplay counts again from it. */
  const after =
    <A extends unknown[]>(change: (...args: A) => void) =>
    (...args: A) => {
      change(...args);
      start();
    };

  prev?.addEventListener(
    'click',
    after(() => model.move(-1)),
    { signal },
  );
  next?.addEventListener(
    'click',
    after(() => model.move(1)),
    { signal },
  );
  dots.forEach((dot, i) => {
    dot.addEventListener(
      'click',
      after(() => model.goTo?.(i)),
      { signal },
    );
  });
  pause?.addEventListener(
    'click',
    () => {
      paused = !paused;
      pause.setAttribute('aria-pressed', String(paused));
      pause.textContent = paused ? pauseLabels[1] : pauseLabels[0];
      start();
    },
    { signal },
  );
  root.addEventListener(
    'pointerenter',
    (event) => {
      if (event.pointerType === 'mouse') hold(true);
    },
    { signal },
  );
  root.addEventListener(
    'pointerleave',
    (event) => {
      if (event.pointerType === 'mouse') hold(false);
    },
    { signal },
  );
  if (holdOnFocus) {
    root.addEventListener('focusin', () => hold(true), { signal });
    root.addEventListener(
      'focusout',
      (event) => {
        if (!root.contains(event.relatedTarget as Node | null)) hold(false);
      },
      { signal },
    );
  }
  reducedMotion.addEventListener('change', start, { signal });

  followDrag(root, viewport, {
    signal,
    slop: 0,
    blockClick,
    grab: () => {
      model.grab?.();
      stop();
    },
    drag: (dx) => model.drag(dx),
    release: after((dx) => {
      const delta = model.dragStep(dx);
      if (delta === 0) model.snapBack();
      else model.move(delta);
    }),
  });

  start();
  return {
    refresh: start,
    destroy: () => {
      stop();
      listeners.abort();
      root.classList.remove('is-enhanced', 'is-dragging');
    },
  };
}
