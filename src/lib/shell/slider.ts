/** spec storefront 9: "Slider: 2 items per step on mobile, 5 on desktop". */
export const SLIDER_STEP_MOBILE = 2;
export const SLIDER_STEP_DESKTOP = 5;
/** spec storefront 9: item width 250 px; here the widest an item gets (sliderItemStyle). */
export const SLIDER_ITEM_WIDTH = 250;
/** The space between two items of a slider or of its grid, in rem. */
export const SLIDER_GAP_REM = 1;
/** spec storefront 9: swipe threshold 15 percent (of the visible width). */
export const SWIPE_THRESHOLD = 0.15;
/** spec account-and-shell 9: mobile means narrower than 768 px. */
export const MOBILE_BREAKPOINT = 768;

/** Whether a product list is a slider, per viewport (spec storefront 2, "Product cards"). */
export interface SliderModes {
  mobile: boolean;
  desktop: boolean;
}

/**
 * A list is a slider in history mode, or with more than 2 items on mobile, or more than 5
 * on desktop; a plain grid otherwise.
 * @example sliderModes(4) // { mobile: true, desktop: false }
 */
export function sliderModes(itemCount: number, history = false): SliderModes {
  return {
    mobile: history || itemCount > SLIDER_STEP_MOBILE,
    desktop: history || itemCount > SLIDER_STEP_DESKTOP,
  };
}

/**
 * Whether a list with these modes is a slider in a window `width` pixels wide (a grid when
 * not): the mobile mode below MOBILE_BREAKPOINT, the desktop mode from it.
 * @example isSliderAt(390, sliderModes(4)) // true
 * @example isSliderAt(1280, sliderModes(4)) // false
 */
export function isSliderAt(width: number, modes: SliderModes): boolean {
  return width < MOBILE_BREAKPOINT ? modes.mobile : modes.desktop;
}

/**
 * Items moved per arrow press or swipe: the spec's 2 on mobile and 5 on desktop. The view
 * holds that many items in full (sliderItemStyle), so a step shows the next ones whole; where
 * it holds fewer (`fitting`, an item kept wider than its share), the step is that many, for a
 * longer one would carry a partly shown item out of view without ever showing it whole.
 * @example sliderStep(390) // 2
 * @example sliderStep(1280, 4) // 4
 */
export function sliderStep(viewportWidth: number, fitting = Infinity): number {
  const step = viewportWidth < MOBILE_BREAKPOINT ? SLIDER_STEP_MOBILE : SLIDER_STEP_DESKTOP;
  const whole = Math.floor(fitting);
  return whole >= 1 ? Math.min(step, whole) : 1;
}

/**
 * The width of a slider's items, per viewport, as CSS custom properties for the store's one
 * slider stylesheet (src/islands/shared/slider.css): a step of items fills the view, so the
 * spec's steps (2 on mobile, 5 on desktop, storefront 9) each bring whole items into view.
 * The spec's 250 px is the widest an item gets: at 1280 px five 221 px cards fill the 1168 px
 * page, at 390 px two 171 px cards the 358 px column (issue 29, item 8).
 * @example sliderItemStyle()['--slider-item-mobile'] // 'min(250px, calc((100% - 1rem) / 2))'
 */
export function sliderItemStyle(): Record<
  '--slider-item-mobile' | '--slider-item-desktop',
  string
> {
  const share = (perView: number) =>
    `min(${String(SLIDER_ITEM_WIDTH)}px, calc((100% - ${String((perView - 1) * SLIDER_GAP_REM)}rem) / ${String(perView)}))`;
  return {
    '--slider-item-mobile': share(SLIDER_STEP_MOBILE),
    '--slider-item-desktop': share(SLIDER_STEP_DESKTOP),
  };
}

/**
 * The first visible item after moving `direction` steps from `index`, kept so that the
 * last item can be reached but no empty space is scrolled into.
 * @example slideTo({ index: 0, direction: 1, step: 5, count: 11, visible: 4 }) // 5
 */
export function slideTo({
  index,
  direction,
  step,
  count,
  visible,
}: {
  index: number;
  direction: -1 | 1;
  step: number;
  count: number;
  visible: number;
}): number {
  const last = Math.max(0, count - Math.max(1, visible));
  return Math.min(last, Math.max(0, index + direction * step));
}

/**
 * The direction a drag or swipe moves a slider: -1 (back), 1 (forward) or 0 when the
 * pointer travelled less than `threshold` of `width`. Dragging left moves forward.
 * @example swipeDirection(-60, 390) // 1 (60 px is 15.4 percent of 390)
 */
export function swipeDirection(dx: number, width: number, threshold = SWIPE_THRESHOLD): -1 | 0 | 1 {
  if (!(width > 0) || !Number.isFinite(dx)) return 0;
  if (Math.abs(dx) / width < threshold) return 0;
  return dx < 0 ? 1 : -1;
}

/** Index of a looping slideshow after moving by `delta` (the hero wraps around). */
export function wrapIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + delta) % count) + count) % count;
}
