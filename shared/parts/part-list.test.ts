import { describe, expect, it } from 'vitest';
import {
  freeName,
  LIST_LINES_MAX,
  mergeLines,
  readListLine,
  readListLines,
  readListName,
  readPartList,
} from './part-list.ts';

describe('saved list lines (issue 32, item 9)', () => {
  it('reads a line trimmed, and refuses what is not a part and a quantity', () => {
    expect(readListLine({ part: ' 85288-001 ', quantity: 2 })).toEqual({
      part: '85288-001',
      quantity: 2,
    });
    expect(readListLine({ part: 'A', quantity: 1, productId: 4, variantId: 9 })).toEqual({
      part: 'A',
      quantity: 1,
      productId: 4,
      variantId: 9,
    });
    for (const bad of [
      null,
      'A 1',
      { part: '-/-', quantity: 1 },
      { part: 'A', quantity: 0 },
      { part: 'A', quantity: 10_000 },
      { part: 'A', quantity: '2' },
      { part: 'A'.repeat(101), quantity: 1 },
      { part: 'A', quantity: 1, productId: 0 },
      { part: 'A', quantity: 1, variantId: 1.5 },
    ]) {
      expect(readListLine(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('adds a number already there in another spelling, and keeps a product picked apart', () => {
    const { lines, leftOut } = mergeLines(
      [{ part: '85288-001', quantity: 9990 }],
      [
        { part: '85288 001', quantity: 20 },
        { part: 'E2E-TWIN-7', quantity: 1, productId: 3 },
        { part: 'e2e twin 7', quantity: 2, productId: 4 },
      ],
    );
    expect(leftOut).toBe(0);
    expect(lines).toEqual([
      { part: '85288-001', quantity: 9999 },
      { part: 'E2E-TWIN-7', quantity: 1, productId: 3 },
      { part: 'e2e twin 7', quantity: 2, productId: 4 },
    ]);
  });

  it('counts the lines past the most a list holds', () => {
    const full = Array.from({ length: LIST_LINES_MAX }, (_, n) => ({ part: `P${n}`, quantity: 1 }));
    const { lines, leftOut } = mergeLines(full, [
      { part: 'P0', quantity: 1 },
      { part: 'NEW', quantity: 1 },
    ]);
    expect(lines).toHaveLength(LIST_LINES_MAX);
    expect(lines[0]?.quantity).toBe(2);
    expect(leftOut).toBe(1);
  });

  it('reads stored lines and lists, dropping what does not read', () => {
    expect(
      readListLines([{ part: 'A', quantity: 1 }, { part: '' }, 7, { part: 'a', quantity: 2 }]),
    ).toEqual([{ part: 'A', quantity: 3 }]);
    expect(readListLines('nope')).toEqual([]);
    expect(readPartList({ id: 1, name: ' Van ', updatedAt: 'x', lines: [] })?.name).toBe('Van');
    expect(readPartList({ id: '1', name: 'Van', updatedAt: 'x', lines: [] })).toBeUndefined();
  });

  it('names lists within 60 characters and finds a free one for a guest list', () => {
    expect(readListName('  Dock   3 ')).toBe('Dock 3');
    expect(readListName(' ')).toBeUndefined();
    expect(readListName('x'.repeat(61))).toBeUndefined();
    expect(freeName('My list', ['Van'])).toBe('My list');
    expect(freeName('My list', ['my LIST', 'My list (2)'])).toBe('My list (3)');
  });
});
