import { describe, expect, it, vi } from 'vitest';
import { PAGE_VIEW_EVENT, pageView, sendPageView, whenIdle, type IdleTarget } from './page-view.ts';

const location = {
  pathname: '/brands/crown',
  search: '?page=2',
  href: 'https://store.example/brands/crown?page=2',
};

describe('pageView', () => {
  it('describes the page', () => {
    expect(pageView(location, 'Crown')).toEqual({
      event: 'page_view',
      page_path: '/brands/crown?page=2',
      page_location: 'https://store.example/brands/crown?page=2',
      page_title: 'Crown',
    });
  });
});

describe('sendPageView', () => {
  it('pushes to a new or existing dataLayer and dispatches the DOM event', () => {
    const target = new EventTarget() as EventTarget & { dataLayer?: unknown };
    const seen: unknown[] = [];
    target.addEventListener(PAGE_VIEW_EVENT, (event) => seen.push((event as CustomEvent).detail));
    const view = pageView(location, 'Crown');
    sendPageView(target, view);
    expect(target.dataLayer).toEqual([view]);
    sendPageView(target, view);
    expect(target.dataLayer).toEqual([view, view]);
    expect(seen).toEqual([view, view]);
  });

  it('replaces a dataLayer that is not an array', () => {
    const target = Object.assign(new EventTarget(), { dataLayer: 'broken' });
    sendPageView(target, pageView(location, 'x'));
    expect(Array.isArray(target.dataLayer)).toBe(true);
  });
});

describe('whenIdle', () => {
  function target(readyState: DocumentReadyState, withIdle: boolean) {
    const load: (() => void)[] = [];
    const t: IdleTarget & { load: (() => void)[] } = {
      load,
      document: { readyState },
      addEventListener: (_type, listener) => load.push(listener),
      setTimeout: vi.fn((callback: () => void) => {
        callback();
      }),
      ...(withIdle
        ? {
            requestIdleCallback: vi.fn((callback: () => void) => {
              callback();
              return 1;
            }),
          }
        : {}),
    };
    return t;
  }

  it('waits for load, then for idle time', () => {
    const t = target('interactive', true);
    const work = vi.fn();
    whenIdle(t, work, 1234);
    expect(work).not.toHaveBeenCalled();
    t.load.forEach((listener) => {
      listener();
    });
    expect(work).toHaveBeenCalledTimes(1);
    expect(t.requestIdleCallback).toHaveBeenCalledWith(work, { timeout: 1234 });
  });

  it('runs at once on idle when already loaded, and falls back to a timer', () => {
    const loaded = target('complete', true);
    const work = vi.fn();
    whenIdle(loaded, work);
    expect(work).toHaveBeenCalledTimes(1);
    const noIdle = target('complete', false);
    whenIdle(noIdle, work);
    expect(noIdle.setTimeout).toHaveBeenCalled();
    expect(work).toHaveBeenCalledTimes(2);
  });
});
