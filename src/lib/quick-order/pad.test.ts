import { describe, expect, it } from 'vitest';
import type { ResolvedLine } from '../../../shared/contracts/quick-order.ts';
import {
  addRows,
  addSummary,
  OFFLINE_NOTE,
  padLink,
  priceNote,
  readPadLink,
  rowAnnouncement,
  rowView,
  updateRow,
  withPart,
} from './pad.ts';

const product = {
  id: 1,
  handle: 'w',
  title: 'Wheel',
  vendor: 'Crown',
  sku: '85288-001',
  imageUrl: null,
};
const variant = {
  id: 2,
  title: '',
  sku: '85288-001',
  levelId: 3,
  price: 40,
  available: 5,
  inCart: 0,
};

describe('addRows', () => {
  it('adds up a number already in the table, in any spelling, and puts new ones last', () => {
    const { rows } = addRows(
      [],
      [
        { part: '85288-001', quantity: 2 },
        { part: 'LR-1', quantity: 1 },
      ],
    );
    const next = addRows(rows, [
      { part: '85288 001', quantity: 3 },
      { part: 'X-9', quantity: 1 },
    ]);
    expect(next.rows.map((r) => [r.part, r.quantity])).toEqual([
      ['85288-001', 5],
      ['LR-1', 1],
      ['X-9', 1],
    ]);
    expect(next.rows[0]?.id).toBe(rows[0]?.id);
    expect(new Set(next.rows.map((r) => r.id)).size).toBe(3);
  });

  it('keeps to 500 rows and 9,999 of one number, and counts what it left out', () => {
    const many = Array.from({ length: 502 }, (_, i) => ({ part: `P-${String(i)}`, quantity: 1 }));
    const { rows, leftOut } = addRows([], many);
    expect(rows).toHaveLength(500);
    expect(leftOut).toBe(2);
    expect(addRows(rows, [{ part: 'P-0', quantity: 20_000 }]).rows[0]?.quantity).toBe(9999);
  });

  it("keeps the product and option a saved list's line chose", () => {
    const { rows } = addRows([], [{ part: 'E2E-TWIN-7', quantity: 3, productId: 4, variantId: 9 }]);
    expect(rows[0]).toMatchObject({ part: 'E2E-TWIN-7', quantity: 3, productId: 4, variantId: 9 });
    // The other part of the shared number is a row of its own; the same one adds up.
    const twice = addRows(rows, [
      { part: 'e2e twin 7', quantity: 1, productId: 5 },
      { part: 'E2E-TWIN-7', quantity: 2, productId: 4 },
    ]).rows;
    expect(twice.map((row) => [row.productId, row.quantity])).toEqual([
      [4, 5],
      [5, 1],
    ]);
  });

  it('forgets the choices of a row whose number is changed', () => {
    const [row] = addRows([], [{ part: 'A-1', quantity: 2 }]).rows;
    if (!row) throw new Error('no row');
    const chosen = updateRow([row], row.id, (r) => ({ ...r, productId: 7, variantId: 8 }));
    expect(updateRow(chosen, row.id, (r) => withPart(r, 'B-2'))).toEqual([
      { id: row.id, part: 'B-2', quantity: 2 },
    ]);
  });
});

describe('rowView', () => {
  const resolved = (
    extra: Partial<Extract<ResolvedLine, { status: 'resolved' }>> = {},
  ): ResolvedLine => ({
    status: 'resolved',
    product,
    variant,
    lineTotal: 40,
    ...extra,
  });

  it('is ready when resolved without a problem, noting another maker’s number and a successor', () => {
    expect(rowView(resolved(), false)).toEqual({ state: 'ready', message: '' });
    expect(
      rowView(
        resolved({
          reference: { brand: 'Crown', number: '12345', relation: 'replaces' },
          supersededBy: { ...product, id: 9, sku: '85288-002' },
        }),
        false,
      ).message,
    ).toBe('Replaces Crown 12345, check. Replaced by 85288-002, use it?');
  });

  it('needs the shopper for a problem, options, a choice or an unknown number', () => {
    expect(rowView(resolved({ problem: 'Seal Kit is out of stock.' }), false)).toEqual({
      state: 'needs',
      message: 'Seal Kit is out of stock.',
    });
    expect(
      rowView({ status: 'options', product, options: ['Size', 'Material'], variants: [] }, false)
        .message,
    ).toBe('Choose the size and material.');
    expect(
      rowView(
        {
          status: 'choose',
          candidates: [
            { ...product, match: 'own' },
            { ...product, id: 4, match: 'own' },
          ],
        },
        false,
      ).message,
    ).toBe('2 makers use this number: choose one.');
    expect(rowView({ status: 'unknown', suggestions: [] }, false).message).toBe(
      'No part has this number. Check it, or ask us.',
    );
  });

  it('waits for the store, and says when it cannot be reached', () => {
    expect(rowView(undefined, false)).toEqual({ state: 'waiting', message: 'Checking…' });
    expect(rowView(undefined, true)).toEqual({ state: 'waiting', message: OFFLINE_NOTE });
  });
});

describe('rowAnnouncement', () => {
  const row = (id: string, message = 'No part has this number. Check it, or ask us.') => ({
    id,
    part: `P-${id}`,
    message,
  });

  it('names each row that newly needs the shopper, once', () => {
    const first = rowAnnouncement(new Map(), [
      row('1'),
      row('2', '3 makers use this number: choose one.'),
    ]);
    expect(first.text).toBe(
      'P-1: No part has this number. Check it, or ask us. P-2: 3 makers use this number: choose one.',
    );
    // Checked again with nothing new: nothing is repeated.
    expect(
      rowAnnouncement(first.said, [row('1'), row('2', '3 makers use this number: choose one.')])
        .text,
    ).toBe('');
    // A row whose reason changed is said again; a row fixed is forgotten.
    const changed = rowAnnouncement(first.said, [row('1', 'Choose the size.')]);
    expect(changed.text).toBe('P-1: Choose the size.');
    expect([...changed.said.keys()]).toEqual(['1']);
  });

  it('names at most five rows and counts the rest', () => {
    const many = Array.from({ length: 8 }, (_, n) => row(String(n)));
    const { text } = rowAnnouncement(new Map(), many);
    expect(text.split('P-')).toHaveLength(6);
    expect(text.endsWith('3 more rows need you.')).toBe(true);
  });
});

describe('addSummary', () => {
  it('says how many lines went and how many need the shopper', () => {
    expect(addSummary(38, 40)).toBe('38 of 40 lines added, 2 need you.');
    expect(addSummary(39, 40)).toBe('39 of 40 lines added, 1 needs you.');
    expect(addSummary(40, 40)).toBe('40 lines added to your cart.');
    expect(addSummary(1, 1)).toBe('1 line added to your cart.');
  });
});

describe('links that fill the pad (issue 32, items 6 and 8)', () => {
  it('read back the lines and the prices paid that padLink wrote, in any part number', () => {
    const link = padLink([
      { part: '85288-001', quantity: 2, was: 12.5 },
      { part: '3-634-158/246', quantity: 1 },
      { part: 'A B,C', quantity: 3, was: 0 },
    ]);
    expect(link.startsWith('/quick-order?lines=')).toBe(true);
    expect(readPadLink(new URL(link, 'https://shop.example').search)).toEqual({
      lines: [
        { part: '85288-001', quantity: 2, was: 12.5 },
        { part: '3-634-158/246', quantity: 1 },
        { part: 'A B,C', quantity: 3, was: 0 },
      ],
      problems: [],
    });
  });

  it('reads a hand-made link, and nothing from an address without lines', () => {
    expect(readPadLink('?lines=LR-29963%2C4%0A2%20x%2085288-001&was=x')).toEqual({
      lines: [
        { part: 'LR-29963', quantity: 4 },
        { part: '85288-001', quantity: 2 },
      ],
      problems: [],
    });
    expect(readPadLink('?q=wheel')).toEqual({ lines: [], problems: [] });
  });
});

describe('priceNote', () => {
  const money = (amount: number) => `$${amount.toFixed(2)}`;
  const line: ResolvedLine = { status: 'resolved', product, variant, lineTotal: 40 };
  it('says what the price was when it changed, and nothing otherwise', () => {
    expect(priceNote(line, 35, money)).toBe('You paid $35.00 last time; it is $40.00 now.');
    expect(priceNote(line, 40.001, money)).toBe('');
    expect(priceNote(line, undefined, money)).toBe('');
    expect(priceNote({ status: 'unknown', suggestions: [] }, 35, money)).toBe('');
  });
});
