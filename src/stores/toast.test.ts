import { cleanStores, keepMount, STORE_UNMOUNT_DELAY } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $toasts,
  dismissToast,
  MAX_TOASTS,
  showToast,
  TOAST_HIDE_MS,
  TOAST_TITLE,
} from './toast.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanStores($toasts);
  $toasts.set([]);
  vi.useRealTimers();
});

describe('$toasts', () => {
  it('is titled Notification', () => {
    expect(TOAST_TITLE).toBe('Notification');
  });

  it('adds a toast with its variant, message and time', () => {
    keepMount($toasts);
    const id = showToast({ variant: 'success', message: 'Product added to cart' }, 1000);
    expect($toasts.get()).toEqual([
      { id, variant: 'success', message: 'Product added to cart', createdAt: 1000 },
    ]);
  });

  it('gives each toast its own id', () => {
    const a = showToast({ variant: 'info', message: 'a' });
    const b = showToast({ variant: 'info', message: 'b' });
    expect(a).not.toBe(b);
  });

  it('hides a toast by itself after a few seconds', () => {
    keepMount($toasts);
    showToast({ variant: 'danger', message: 'Failed to add item to cart' });
    vi.advanceTimersByTime(TOAST_HIDE_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('hides each toast on its own schedule', () => {
    keepMount($toasts);
    showToast({ variant: 'info', message: 'first' });
    vi.advanceTimersByTime(2000);
    showToast({ variant: 'info', message: 'second' });
    vi.advanceTimersByTime(TOAST_HIDE_MS - 2000);
    expect($toasts.get().map((t) => t.message)).toEqual(['second']);
    vi.advanceTimersByTime(2000);
    expect($toasts.get()).toEqual([]);
  });

  it('can be dismissed before its time, and the timer is dropped', () => {
    keepMount($toasts);
    const before = vi.getTimerCount();
    const id = showToast({ variant: 'error', message: 'Failed to add product to order' });
    expect(vi.getTimerCount()).toBe(before + 1);
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
    expect(vi.getTimerCount()).toBe(before);
  });

  it('ignores dismissing an unknown toast', () => {
    showToast({ variant: 'info', message: 'stays' });
    const before = $toasts.get();
    dismissToast(9999);
    expect($toasts.get()).toBe(before);
  });

  it('keeps at most the newest few', () => {
    for (let i = 0; i < MAX_TOASTS + 2; i++) showToast({ variant: 'info', message: `m${i}` });
    expect($toasts.get()).toHaveLength(MAX_TOASTS);
    expect($toasts.get()[0]?.message).toBe('m2');
  });

  it('schedules the toasts already waiting when the view subscribes', () => {
    showToast({ variant: 'info', message: 'waiting' });
    const unbind = $toasts.listen(() => {});
    vi.advanceTimersByTime(TOAST_HIDE_MS);
    expect($toasts.get()).toEqual([]);
    unbind();
  });

  it('clears its timers when the last listener leaves', () => {
    const unbind = $toasts.listen(() => {});
    vi.runOnlyPendingTimers();
    showToast({ variant: 'info', message: 'x' });
    expect(vi.getTimerCount()).toBe(1);
    unbind();
    // nanostores unmounts a store a moment after its last listener leaves.
    vi.advanceTimersByTime(STORE_UNMOUNT_DELAY);
    expect(vi.getTimerCount()).toBe(0);
    expect($toasts.get()).toHaveLength(1);
  });
});
