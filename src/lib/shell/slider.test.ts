import { describe, expect, it } from 'vitest';
import {
  isSliderAt,
  MOBILE_BREAKPOINT,
  SLIDER_ITEM_WIDTH,
  SLIDER_STEP_DESKTOP,
  SLIDER_STEP_MOBILE,
  SWIPE_THRESHOLD,
  slideTo,
  SLIDER_GAP_REM,
  sliderItemStyle,
  sliderModes,
  sliderStep,
  swipeDirection,
  wrapIndex,
} from './slider.ts';

describe('slider constants (spec storefront 9)', () => {
  it('match the spec', () => {
    expect([SLIDER_STEP_MOBILE, SLIDER_STEP_DESKTOP, SLIDER_ITEM_WIDTH]).toEqual([2, 5, 250]);
    expect(SWIPE_THRESHOLD).toBe(0.15);
    expect(MOBILE_BREAKPOINT).toBe(768);
  });
});

describe('sliderModes', () => {
  it('is a grid up to 2 items on mobile and up to 5 on desktop', () => {
    expect(sliderModes(2)).toEqual({ mobile: false, desktop: false });
    expect(sliderModes(3)).toEqual({ mobile: true, desktop: false });
    expect(sliderModes(5)).toEqual({ mobile: true, desktop: false });
    expect(sliderModes(6)).toEqual({ mobile: true, desktop: true });
  });

  it('is always a slider in history mode', () => {
    expect(sliderModes(1, true)).toEqual({ mobile: true, desktop: true });
  });
});

describe('isSliderAt', () => {
  it('uses the mobile mode below 768 px and the desktop mode from 768 px', () => {
    const four = sliderModes(4);
    expect(isSliderAt(390, four)).toBe(true);
    expect(isSliderAt(767, four)).toBe(true);
    expect(isSliderAt(768, four)).toBe(false);
    expect(isSliderAt(1280, four)).toBe(false);
    expect(isSliderAt(1280, sliderModes(6))).toBe(true);
    expect(isSliderAt(390, sliderModes(2))).toBe(false);
  });
});

describe('sliderStep', () => {
  it('moves 2 items below 768 px and 5 from 768 px', () => {
    expect([390, 767, 768, 1280].map((width) => sliderStep(width))).toEqual([2, 2, 5, 5]);
  });

  it('moves no more items than the view shows in full, and at least one', () => {
    expect(sliderStep(390, 1)).toBe(1);
    expect(sliderStep(600, 2)).toBe(2);
    expect(sliderStep(1280, 4)).toBe(4);
    expect(sliderStep(1920, 7)).toBe(5);
    expect(sliderStep(200, 0)).toBe(1);
    expect(sliderStep(390, Number.NaN)).toBe(1);
  });
});

describe('sliderItemStyle', () => {
  /** The width an item's flex-basis gives in a view `view` px wide (1rem = 16 px). */
  const itemWidth = (basis: string, view: number): number => {
    const match = /^min\((\d+)px, calc\(\(100% - ([\d.]+)rem\) \/ (\d+)\)\)$/.exec(basis);
    if (!match) throw new Error(`not the expected form: ${basis}`);
    const [, max, gaps, perView] = match.map(Number) as [number, number, number, number];
    return Math.min(max, (view - gaps * 16) / perView);
  };
  /** Items shown whole in a view `view` px wide, gaps between them. */
  const whole = (width: number, view: number) =>
    Math.floor((view + SLIDER_GAP_REM * 16) / (width + SLIDER_GAP_REM * 16) + 1e-9);
  const style = sliderItemStyle();

  it('fills the view with a step of items: 2 on a phone, 5 on a desktop (storefront 9)', () => {
    // A 390 px phone's 358 px column; a 412 px phone; the 1168 px page at 1280 px.
    for (const view of [358, 380]) {
      const width = itemWidth(style['--slider-item-mobile'], view);
      expect(whole(width, view), `${String(view)} px`).toBe(SLIDER_STEP_MOBILE);
      expect(sliderStep(view + 32, whole(width, view))).toBe(2);
    }
    const desktop = itemWidth(style['--slider-item-desktop'], 1168);
    expect(desktop).toBeCloseTo(220.8);
    expect(whole(desktop, 1168)).toBe(SLIDER_STEP_DESKTOP);
    expect(sliderStep(1280, whole(desktop, 1168))).toBe(5);
  });

  it("keeps items at most the spec's 250 px where a step of them would be wider", () => {
    expect(itemWidth(style['--slider-item-desktop'], 1400)).toBe(SLIDER_ITEM_WIDTH);
    expect(itemWidth(style['--slider-item-mobile'], 735)).toBe(SLIDER_ITEM_WIDTH);
    // Then more than a step shows, and a step still moves the spec's count.
    expect(sliderStep(767, whole(SLIDER_ITEM_WIDTH, 735))).toBe(2);
  });
});

describe('slideTo', () => {
  it('moves forward by a step but not past the last full view', () => {
    expect(slideTo({ index: 0, direction: 1, step: 5, count: 11, visible: 4 })).toBe(5);
    expect(slideTo({ index: 5, direction: 1, step: 5, count: 11, visible: 4 })).toBe(7);
    expect(slideTo({ index: 7, direction: 1, step: 5, count: 11, visible: 4 })).toBe(7);
  });

  it('moves back by a step but not before the first item', () => {
    expect(slideTo({ index: 7, direction: -1, step: 5, count: 11, visible: 4 })).toBe(2);
    expect(slideTo({ index: 1, direction: -1, step: 2, count: 11, visible: 1 })).toBe(0);
  });

  it('stays at 0 when everything fits', () => {
    expect(slideTo({ index: 0, direction: 1, step: 2, count: 3, visible: 4 })).toBe(0);
    expect(slideTo({ index: 0, direction: 1, step: 2, count: 0, visible: 0 })).toBe(0);
  });
});

describe('swipeDirection', () => {
  it('needs at least 15 percent of the width', () => {
    expect(swipeDirection(-58, 400)).toBe(0);
    expect(swipeDirection(-60, 400)).toBe(1);
    expect(swipeDirection(60, 400)).toBe(-1);
    expect(swipeDirection(0, 400)).toBe(0);
  });

  it('ignores a zero width or a bad distance', () => {
    expect(swipeDirection(-100, 0)).toBe(0);
    expect(swipeDirection(Number.NaN, 400)).toBe(0);
  });

  it('takes another threshold', () => {
    expect(swipeDirection(-50, 100, 0.5)).toBe(1);
    expect(swipeDirection(-49, 100, 0.5)).toBe(0);
  });
});

describe('wrapIndex', () => {
  it('loops both ways', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});
