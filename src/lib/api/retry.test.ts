import { describe, expect, it } from 'vitest';
import {
  isRetryableStatus,
  isUnreachableStatus,
  MAX_RETRIES,
  parseRetryAfter,
  RETRY_BUDGET_MS,
  retryDelay,
  STILL_TRYING_AFTER_MS,
} from './retry.ts';

describe('retryDelay', () => {
  it('grows by 2 s each time', () => {
    expect([1, 2, 3, 4, 30].map((retry) => retryDelay(retry))).toEqual([
      2000, 4000, 6000, 8000, 60_000,
    ]);
  });

  it('follows a shorter step when given one', () => {
    expect(retryDelay(3, 5)).toBe(15);
  });

  it('allows 30 retries', () => {
    expect(MAX_RETRIES).toBe(30);
  });
});

describe('isRetryableStatus', () => {
  it('retries 429 and every 5xx', () => {
    for (const status of [429, 500, 502, 503, 504, 599])
      expect(isRetryableStatus(status)).toBe(true);
  });

  it('never retries another 4xx or a success', () => {
    for (const status of [200, 204, 301, 400, 401, 403, 404, 409, 422, 428]) {
      expect(isRetryableStatus(status)).toBe(false);
    }
  });
});

describe('the time bounds', () => {
  it('give a retried call 60 s in all and speak up after 8 s', () => {
    expect(RETRY_BUDGET_MS).toBe(60_000);
    expect(STILL_TRYING_AFTER_MS).toBe(8000);
  });
});

describe('isUnreachableStatus', () => {
  it("is the proxy's 502, 503 and 504 only", () => {
    expect([500, 501, 502, 503, 504, 505, 429, 404].filter(isUnreachableStatus)).toEqual([
      502, 503, 504,
    ]);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-22T20:00:00Z');

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date as the time left until it', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 20:00:07 GMT', now)).toBe(7000);
  });

  it('treats a date in the past as no wait', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 19:00:00 GMT', now)).toBe(0);
  });

  it('ignores a missing or unreadable header', () => {
    for (const value of [null, undefined, '', 'soon', '-3', '1.5']) {
      expect(parseRetryAfter(value, now)).toBeUndefined();
    }
  });
});
