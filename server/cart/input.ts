import {
  MAX_HANDLES_PER_CALL,
  MAX_LINE_QUANTITY,
  MAX_LINES_PER_CALL,
  type WantedLine,
} from '../../shared/contracts/cart.ts';
import { HttpError } from '../http/errors.ts';

export { MAX_HANDLES_PER_CALL, MAX_LINE_QUANTITY, MAX_LINES_PER_CALL, type WantedLine };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A quantity from an untrusted body: a JSON number that is a whole number from 1 (or 0 when
 * `allowZero`, which removes a line) to MAX_LINE_QUANTITY. Strings such as "2" are refused
 * rather than guessed at. spec: storefront 5, 'Invalid quantity', 'Quantity must be greater
 * than 0'.
 */
export function parseQuantity(value: unknown, { allowZero = false } = {}): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || !Number.isInteger(value)) {
    throw new HttpError(400, 'Invalid quantity: enter a whole number.');
  }
  if (value < 0 || (value === 0 && !allowZero)) {
    throw new HttpError(
      400,
      allowZero ? 'Quantity cannot be negative.' : 'Quantity must be greater than 0.',
    );
  }
  if (value > MAX_LINE_QUANTITY) {
    throw new HttpError(400, `Quantity can be at most ${MAX_LINE_QUANTITY}.`);
  }
  return value;
}

/** A positive whole inventory level id, else a 400. */
export function parseLevelId(value: unknown): number {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > Number.MAX_SAFE_INTEGER
  ) {
    throw new HttpError(400, 'Choose an item: inventoryLevelId must be a positive whole number.');
  }
  return value;
}

function parseLine(value: unknown, allowZero: boolean): WantedLine {
  if (!isRecord(value)) {
    throw new HttpError(400, 'Send the item as {"inventoryLevelId": ..., "quantity": ...}.');
  }
  return {
    inventoryLevelId: parseLevelId(value['inventoryLevelId']),
    quantity: parseQuantity(value['quantity'], { allowZero }),
  };
}

/** Body of POST /api/checkouts/lineItems: `{inventoryLevelId, quantity}` or `{lineItems: [...]}`. */
export function parseAddBody(body: unknown): WantedLine[] {
  if (isRecord(body) && 'lineItems' in body) {
    const items = body['lineItems'];
    if (!Array.isArray(items) || items.length === 0) {
      throw new HttpError(400, 'lineItems must list at least one item.');
    }
    if (items.length > MAX_LINES_PER_CALL) {
      throw new HttpError(400, `Add at most ${MAX_LINES_PER_CALL} items at once.`);
    }
    return items.map((item: unknown, index) => {
      try {
        return parseLine(item, false);
      } catch (error) {
        if (error instanceof HttpError) {
          throw new HttpError(error.status, `Item ${index + 1}: ${error.message}`);
        }
        throw error;
      }
    });
  }
  return [parseLine(body, false)];
}

/** Body of PUT /api/checkouts/lineItems: `{inventoryLevelId, quantity}`, 0 removes. */
export function parseSetBody(body: unknown): WantedLine {
  return parseLine(body, true);
}

/** Body of POST /api/checkouts/products: `{handles: [...]}`. */
export function parseHandlesBody(body: unknown): string[] {
  const handles = isRecord(body) ? body['handles'] : undefined;
  if (!Array.isArray(handles) || handles.length === 0) {
    throw new HttpError(400, 'Send {"handles": [...]} with at least one product handle.');
  }
  if (handles.length > MAX_HANDLES_PER_CALL) {
    throw new HttpError(400, `Add at most ${MAX_HANDLES_PER_CALL} products at once.`);
  }
  return handles.map((handle: unknown) => {
    if (typeof handle !== 'string' || handle.length === 0 || handle.length > 200) {
      throw new HttpError(400, 'Each product handle must be text of 1 to 200 characters.');
    }
    return handle;
  });
}
