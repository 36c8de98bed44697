import { describe, expect, it } from 'vitest';
import { jsonArray } from './json-array.ts';

const encoder = new TextEncoder();
const text = (values: unknown[]) =>
  new TextDecoder().decode(jsonArray(values.map((value) => encoder.encode(JSON.stringify(value)))));

describe('jsonArray', () => {
  it.each([
    [[]],
    [[1]],
    [[{ a: 'b' }, [2, 3], 'x']],
    // Bytes beyond ASCII: the lengths are the bytes', not the characters'.
    [[{ title: 'Rad Ø 200 mm — “Hub”' }, '日本', 'é']],
  ])('is JSON.stringify of the array: %j', (values) => {
    expect(text(values)).toBe(JSON.stringify(values));
  });
});
