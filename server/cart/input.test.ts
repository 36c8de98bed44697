import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import {
  MAX_LINE_QUANTITY,
  parseAddBody,
  parseHandlesBody,
  parseLevelId,
  parseQuantity,
  parseSetBody,
} from './input.ts';

const refusal = (work: () => unknown): { status: number; message: string } => {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('parseQuantity', () => {
  it('accepts whole numbers from 1 to the maximum', () => {
    expect(parseQuantity(1)).toBe(1);
    expect(parseQuantity(MAX_LINE_QUANTITY)).toBe(MAX_LINE_QUANTITY);
  });

  it('accepts 0 only when asked to (a PUT removes the line)', () => {
    expect(parseQuantity(0, { allowZero: true })).toBe(0);
    expect(refusal(() => parseQuantity(0)).message).toBe('Quantity must be greater than 0.');
    expect(refusal(() => parseQuantity(-1, { allowZero: true })).message).toBe(
      'Quantity cannot be negative.',
    );
  });

  it.each([1.5, '1', null, undefined, true, [], {}, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses %j as not a whole number',
    (value) => {
      expect(refusal(() => parseQuantity(value))).toEqual({
        status: 400,
        message: 'Invalid quantity: enter a whole number.',
      });
    },
  );

  it('refuses huge quantities', () => {
    expect(refusal(() => parseQuantity(MAX_LINE_QUANTITY + 1)).message).toBe(
      `Quantity can be at most ${MAX_LINE_QUANTITY}.`,
    );
    expect(refusal(() => parseQuantity(2 ** 53)).status).toBe(400);
  });
});

describe('parseLevelId', () => {
  it('accepts positive whole numbers', () => {
    expect(parseLevelId(42)).toBe(42);
  });

  it.each([0, -1, 1.2, '3', null, 2 ** 60])('refuses %j', (value) => {
    expect(refusal(() => parseLevelId(value)).status).toBe(400);
  });
});

describe('parseAddBody', () => {
  it('reads one line or a list', () => {
    expect(parseAddBody({ inventoryLevelId: 3, quantity: 2 })).toEqual([
      { inventoryLevelId: 3, quantity: 2 },
    ]);
    expect(
      parseAddBody({
        lineItems: [
          { inventoryLevelId: 3, quantity: 2 },
          { inventoryLevelId: 4, quantity: 1 },
        ],
      }),
    ).toEqual([
      { inventoryLevelId: 3, quantity: 2 },
      { inventoryLevelId: 4, quantity: 1 },
    ]);
  });

  it('ignores extra fields', () => {
    expect(parseAddBody({ inventoryLevelId: 3, quantity: 2, price: 0 })).toEqual([
      { inventoryLevelId: 3, quantity: 2 },
    ]);
  });

  it('names the position of a bad item in a list', () => {
    expect(
      refusal(() => parseAddBody({ lineItems: [{ inventoryLevelId: 3, quantity: 1 }, 'x'] }))
        .message,
    ).toBe('Item 2: Send the item as {"inventoryLevelId": ..., "quantity": ...}.');
  });

  it.each([null, 'text', 5, [], { lineItems: null }, { lineItems: {} }])('refuses %j', (body) => {
    expect(refusal(() => parseAddBody(body)).status).toBe(400);
  });
});

describe('parseSetBody', () => {
  it('reads a line, allowing 0', () => {
    expect(parseSetBody({ inventoryLevelId: 3, quantity: 0 })).toEqual({
      inventoryLevelId: 3,
      quantity: 0,
    });
  });

  it('refuses a list', () => {
    expect(refusal(() => parseSetBody({ lineItems: [] })).status).toBe(400);
  });
});

describe('parseHandlesBody', () => {
  it('reads handles as they are', () => {
    expect(parseHandlesBody({ handles: ['a', 'b-c'] })).toEqual(['a', 'b-c']);
  });

  it.each([{}, { handles: [] }, { handles: 'a' }, { handles: [1] }, { handles: [''] }, null])(
    'refuses %j',
    (body) => {
      expect(refusal(() => parseHandlesBody(body)).status).toBe(400);
    },
  );
});
