import { describe, expect, it } from 'vitest';
import { ftsString, likeAnywhere, MAX_QUERY_WORDS, parseSearchText } from './search.ts';

describe('parseSearchText', () => {
  it('requires every word, each as typed (lowercased)', () => {
    expect(parseSearchText('Seal Kit')).toEqual({ match: '"seal" AND "kit"', like: [] });
  });

  it('adds the punctuation-free form of a part number', () => {
    expect(parseSearchText('85-288')).toEqual({ match: '("85-288" OR "85288")', like: [] });
    expect(parseSearchText('5288-0')?.match).toBe('("5288-0" OR "52880")');
    expect(parseSearchText('85288')?.match).toBe('"85288"');
  });

  it('quotes metacharacters so they are text', () => {
    expect(parseSearchText('NEAR(wheel')?.match).toBe('("near(wheel" OR "nearwheel")');
    expect(parseSearchText('say"hi"')?.match).toBe('("say""hi""" OR "sayhi")');
    expect(parseSearchText("'; DROP TABLE")?.match).toBe('"drop" AND "table"');
  });

  it('drops words without a letter or digit', () => {
    expect(parseSearchText('*')).toBeUndefined();
    expect(parseSearchText('  " ((( ')).toBeUndefined();
    expect(parseSearchText('')).toBeUndefined();
    expect(parseSearchText('wheel ((( *')?.match).toBe('"wheel"');
  });

  it('drops short words beside long ones, and uses LIKE for short words alone', () => {
    expect(parseSearchText('wheel 8 in')).toEqual({ match: '"wheel"', like: [] });
    expect(parseSearchText('ab 9')).toEqual({ match: null, like: ['%ab%', '%9%'] });
  });

  it('removes control characters', () => {
    expect(parseSearchText('\u0000wheel\u0007')?.match).toBe('"wheel"');
  });

  it('caps the number of words and the length', () => {
    const many = Array.from({ length: 20 }, (_, n) => `word${n}`).join(' ');
    expect(parseSearchText(many)?.match?.split(' AND ')).toHaveLength(MAX_QUERY_WORDS);
    expect(parseSearchText('x'.repeat(10_000))?.match?.length).toBeLessThan(500);
  });

  it('keeps letters of other scripts', () => {
    expect(parseSearchText('Größe')?.match).toBe('"größe"');
  });
});

describe('ftsString and likeAnywhere', () => {
  it('double quotes inside an FTS string', () => {
    expect(ftsString('a"b')).toBe('"a""b"');
  });
  it('escapes LIKE wildcards', () => {
    expect(likeAnywhere('5%_\\')).toBe('%5\\%\\_\\\\%');
  });
});
