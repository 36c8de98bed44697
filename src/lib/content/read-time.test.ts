import { describe, expect, it } from 'vitest';
import { countWords, readTimeMinutes } from './read-time.ts';

describe('read time', () => {
  it('counts words, not tags or punctuation', () => {
    expect(countWords('<p>Check the <b>load wheel</b> size.</p> — done')).toBe(6);
    expect(countWords('')).toBe(0);
  });

  it('rounds minutes up at 225 words a minute, at least 1', () => {
    expect(readTimeMinutes(0)).toBe(1);
    expect(readTimeMinutes(225)).toBe(1);
    expect(readTimeMinutes(226)).toBe(2);
    expect(readTimeMinutes(2250)).toBe(10);
    expect(readTimeMinutes(Number.NaN)).toBe(1);
  });
});
