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

describe('countWords', () => {
  it('counts the words a reader sees', () => {
    expect(countWords('<p>Seal&nbsp;kit <b>fits</b></p>')).toBe(3);
  });

  it('counts words split by tags without spaces', () => {
    expect(countWords('<p>one</p><p>two</p>')).toBe(2);
  });

  it('ignores scripts, styles and attribute text', () => {
    expect(
      countWords(
        '<style>p { color: red }</style><a href="x y z" title="a b">link</a><script>var a = 1;</script>',
      ),
    ).toBe(1);
  });

  it('ignores stray punctuation and entities between words', () => {
    expect(countWords('Wheels &mdash; steer &amp; load - 2 sizes')).toBe(5);
  });

  it('is 0 for an empty body', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('<p> </p>')).toBe(0);
  });

  it('gives 225 words for a one-minute read (spec: storefront 9)', () => {
    expect(countWords(`<p>${'word '.repeat(225)}</p>`)).toBe(225);
  });
});
