import { describe, expect, it } from 'vitest';
import { failureWords } from './failure-words.ts';

// Issue 33, item 11: a failed publish explained in the merchandiser's words.

describe('failureWords', () => {
  it('says what to do about a timeout, an API that is down, a refused token, a full disk', () => {
    expect(
      failureWords(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ).toBe(
      'The catalogue API did not answer in time. Check that it is running and not overloaded, then publish again. (The operation was aborted due to timeout)',
    );
    const down = new TypeError('fetch failed', {
      cause: new Error('connect ECONNREFUSED 127.0.0.1:4322'),
    });
    expect(failureWords(down)).toMatch(/^The catalogue API could not be reached\. .*ECONNREFUSED/);
    expect(
      failureWords(new Error('The catalogue API answered 401 to /api/changes/cursor.')),
    ).toMatch(/^The catalogue API refused the merchandiser token\./);
    expect(failureWords(new Error('ENOSPC: no space left on device, write'))).toMatch(
      /^The disk is full\./,
    );
  });

  it('keeps the words of a failure it does not know, and of a build that explained itself', () => {
    expect(failureWords(new Error('The build failed; the live site is unchanged. x'))).toBe(
      'The build failed; the live site is unchanged. x',
    );
    expect(failureWords('Stopped.')).toBe('Stopped.');
  });
});
