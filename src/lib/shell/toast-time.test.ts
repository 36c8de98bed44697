import { describe, expect, it } from 'vitest';
import { toastTime } from './toast-time.ts';

describe('toastTime', () => {
  it('shows the local hour and minute', () => {
    expect(toastTime(new Date(2026, 0, 5, 14, 7), 'en-US')).toBe('2:07 PM');
    expect(toastTime(new Date(2026, 0, 5, 9, 30), 'en-GB')).toBe('9:30');
  });
});
