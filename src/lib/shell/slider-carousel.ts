import type { SliderController } from './slider-controller.ts';
import { followDrag } from './slider-drag.ts';

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
