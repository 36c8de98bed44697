import { describe, expect, it } from 'vitest';
import {
  EXIT_INTENT_STORAGE_KEY,
  INITIAL_SCROLL,
  leftThroughTop,
  markShown,
  mayOffer,
  onScroll,
  readShown,
  triggerKind,
  type ScrollSample,
  type ScrollState,
} from './exit-intent.ts';

/** Feeds scroll positions through onScroll; returns whether each one opened the popup. */
function scrollThrough(positions: number[], pageHeight = 4000): boolean[] {
  let state: ScrollState = INITIAL_SCROLL;
  return positions.map((scrollY) => {
    const sample: ScrollSample = { scrollY, pageHeight };
    const next = onScroll(state, sample);
    state = next.state;
    return next.open;
  });
}

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('mayOffer', () => {
  it('offers the popup only to a known guest who has not seen it', () => {
    expect(mayOffer({ signedIn: false, alreadyShown: false })).toBe(true);
    expect(mayOffer({ signedIn: false, alreadyShown: true })).toBe(false);
    expect(mayOffer({ signedIn: true, alreadyShown: false })).toBe(false);
    // Before GET /api/user answers (or when it failed) nobody is known to be a guest.
    expect(mayOffer({ signedIn: undefined, alreadyShown: false })).toBe(false);
  });
});

describe('leftThroughTop (desktop trigger)', () => {
  it('fires when the pointer leaves the document near the top', () => {
    expect(leftThroughTop({ clientY: 0, relatedTarget: null })).toBe(true);
    expect(leftThroughTop({ clientY: -5, relatedTarget: null })).toBe(true);
    expect(leftThroughTop({ clientY: 20, relatedTarget: null })).toBe(true);
  });

  it('ignores leaving through the sides or bottom, and moves between elements', () => {
    expect(leftThroughTop({ clientY: 21, relatedTarget: null })).toBe(false);
    expect(leftThroughTop({ clientY: 600, relatedTarget: null })).toBe(false);
    expect(leftThroughTop({ clientY: 2, relatedTarget: {} })).toBe(false);
    expect(leftThroughTop({ clientY: Number.NaN, relatedTarget: null })).toBe(false);
  });

  it('takes another edge', () => {
    expect(leftThroughTop({ clientY: 40, relatedTarget: null }, 50)).toBe(true);
  });
});

describe('onScroll (mobile trigger)', () => {
  it('opens on a scroll up of more than 10 px after passing 5 percent of the page', () => {
    // 5 percent of 4000 px is 200 px.
    expect(scrollThrough([100, 250, 400, 395, 389])).toEqual([false, false, false, false, true]);
  });

  it('does not open for exactly 10 px up', () => {
    expect(scrollThrough([400, 390])).toEqual([false, false]);
  });

  it('does not open for a scroll up before the page was scrolled past 5 percent', () => {
    expect(scrollThrough([0, 150, 100, 50, 0])).toEqual([false, false, false, false, false]);
    expect(scrollThrough([200, 150])).toEqual([false, false]);
  });

  it('measures the scroll up from the lowest point, across small steps', () => {
    expect(scrollThrough([300, 600, 596, 592, 589])).toEqual([false, false, false, false, true]);
  });

  it('stays armed after scrolling back above 5 percent', () => {
    expect(scrollThrough([300, 295, 180])).toEqual([false, false, true]);
  });

  it('ignores elastic overscroll above the top and bad numbers', () => {
    expect(onScroll(INITIAL_SCROLL, { scrollY: Number.NaN, pageHeight: 4000 })).toEqual({
      state: INITIAL_SCROLL,
      open: false,
    });
    expect(onScroll(INITIAL_SCROLL, { scrollY: 50, pageHeight: 0 }).open).toBe(false);
    expect(scrollThrough([-40, -10])).toEqual([false, false]);
  });
});

describe('triggerKind', () => {
  const desktopAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';
  const phoneAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/140.0 Mobile Safari/537.36';

  it('is mobile below 768 px or with a mobile user agent', () => {
    expect(triggerKind(767, desktopAgent)).toBe('mobile');
    expect(triggerKind(1280, phoneAgent)).toBe('mobile');
    expect(triggerKind(768, desktopAgent)).toBe('desktop');
  });
});

describe('the once-per-browser flag', () => {
  it('is absent, then set', () => {
    const storage = new MemoryStorage();
    expect(readShown(storage)).toBe(false);
    expect(markShown(storage, Date.UTC(2026, 0, 2))).toBe(true);
    expect(storage.getItem(EXIT_INTENT_STORAGE_KEY)).toBe('2026-01-02T00:00:00.000Z');
    expect(readShown(storage)).toBe(true);
  });

  it('counts as shown when storage is unavailable or throws, so it never repeats', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readShown(undefined)).toBe(true);
    expect(readShown(broken)).toBe(true);
    expect(markShown(broken)).toBe(false);
    expect(markShown(undefined)).toBe(false);
  });
});
