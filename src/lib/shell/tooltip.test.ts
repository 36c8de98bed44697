import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAYS, isTooltipKind, tooltipTimer, type TooltipDelays } from './tooltip.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A tooltip whose renders are recorded. */
function recorded(delays: TooltipDelays = TOOLTIP_DELAYS.product) {
  const renders: boolean[] = [];
  const timer = tooltipTimer(delays, (open) => renders.push(open));
  return { timer, renders };
}

describe('TOOLTIP_DELAYS', () => {
  it('has the spec figures', () => {
    expect(TOOLTIP_DELAYS.product).toEqual({ show: 250, hide: 1000 });
    expect(TOOLTIP_DELAYS.quickView).toEqual({ show: 3000, hide: 3000 });
    expect(TOOLTIP_DELAYS.priceFilter).toEqual({ show: 250, hide: 400 });
  });

  it('knows its kinds and nothing else', () => {
    expect(isTooltipKind('product')).toBe(true);
    expect(isTooltipKind('toString')).toBe(false);
    expect(isTooltipKind(undefined)).toBe(false);
  });
});

describe('tooltipTimer', () => {
  it('shows after the show delay and hides after the hide delay', () => {
    const { timer, renders } = recorded();
    timer.enter();
    vi.advanceTimersByTime(249);
    expect(renders).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(renders).toEqual([true]);
    timer.leave();
    vi.advanceTimersByTime(999);
    expect(timer.isOpen).toBe(true);
    vi.advanceTimersByTime(1);
    expect(renders).toEqual([true, false]);
  });

  it('a pointer passing by shows nothing', () => {
    const { timer, renders } = recorded();
    timer.enter();
    vi.advanceTimersByTime(200);
    timer.leave();
    vi.advanceTimersByTime(5000);
    expect(renders).toEqual([]);
  });

  it('coming back before the hide delay keeps it open (trigger to tip)', () => {
    const { timer, renders } = recorded(TOOLTIP_DELAYS.priceFilter);
    timer.enter();
    vi.advanceTimersByTime(250);
    timer.leave();
    vi.advanceTimersByTime(300);
    timer.enter();
    vi.advanceTimersByTime(5000);
    expect(renders).toEqual([true]);
  });

  it('opens and closes at once for focus, blur and Escape, and toggles', () => {
    const { timer, renders } = recorded();
    timer.open();
    timer.open();
    timer.close();
    timer.toggle();
    timer.toggle();
    expect(renders).toEqual([true, false, true, false]);
  });

  it('a close cancels a pending show', () => {
    const { timer, renders } = recorded();
    timer.enter();
    timer.close();
    vi.advanceTimersByTime(1000);
    expect(renders).toEqual([]);
  });

  it('only one is open at a time', () => {
    const first = recorded();
    const second = recorded();
    first.timer.open();
    second.timer.open();
    expect(first.renders).toEqual([true, false]);
    expect(second.renders).toEqual([true]);
    second.timer.destroy();
    first.timer.open(); // a destroyed one is not closed again
    expect(second.renders).toEqual([true]);
  });

  it('destroy stops a pending change', () => {
    const { timer, renders } = recorded(TOOLTIP_DELAYS.quickView);
    timer.enter();
    timer.destroy();
    vi.advanceTimersByTime(10_000);
    expect(renders).toEqual([]);
  });
});
