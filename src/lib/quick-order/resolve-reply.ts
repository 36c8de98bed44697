import type { ResolvedLine } from '../../../shared/contracts/quick-order.ts';

/**
 * The reply of POST /api/quick-order/resolve (shared/contracts/quick-order.ts), checked in the
 * browser by hand: a reply of another shape is refused whole, never drawn half. Not zod: the
 * schema module the product pages share (results list, gallery) would grow by every schema kind
 * used here (discriminated unions, records), 2.7 KB on each product page; and classic zod
 * compiles its checks with `new Function`, which the store's CSP refuses.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

const isProduct = (value: unknown): boolean =>
  isObject(value) &&
  isNumber(value['id']) &&
  isString(value['handle']) &&
  isString(value['title']) &&
  isString(value['vendor']) &&
  isString(value['sku']) &&
  (value['imageUrl'] === null || isString(value['imageUrl']));

const isVariant = (value: unknown): boolean =>
  isObject(value) &&
  isNumber(value['id']) &&
  isString(value['title']) &&
  isString(value['sku']) &&
  isNumber(value['levelId']) &&
  isNumber(value['price']) &&
  (value['available'] === null || isNumber(value['available'])) &&
  isNumber(value['inCart']);

const isReference = (value: unknown): boolean =>
  value === undefined ||
  (isObject(value) &&
    isString(value['brand']) &&
    isString(value['number']) &&
    (value['relation'] === 'replaces' || value['relation'] === 'interchangeable'));

const MATCHES: readonly unknown[] = ['own', 'replaces', 'interchangeable'];
const isChoice = (value: unknown): boolean =>
  isProduct(value) && isObject(value) && MATCHES.includes(value['match']);

const every = (value: unknown, check: (item: unknown) => boolean): boolean =>
  Array.isArray(value) && value.every(check);

function isLine(value: unknown): boolean {
  if (!isObject(value)) return false;
  switch (value['status']) {
    case 'resolved':
      return (
        isProduct(value['product']) &&
        isVariant(value['variant']) &&
        isNumber(value['lineTotal']) &&
        isReference(value['reference']) &&
        (value['supersededBy'] === undefined || isProduct(value['supersededBy'])) &&
        (value['problem'] === undefined || isString(value['problem']))
      );
    case 'options':
      return (
        isProduct(value['product']) &&
        isReference(value['reference']) &&
        every(value['options'], isString) &&
        every(
          value['variants'],
          (variant) =>
            isVariant(variant) &&
            isObject(variant) &&
            isObject(variant['values']) &&
            Object.values(variant['values']).every(isString) &&
            typeof variant['forSale'] === 'boolean',
        )
      );
    case 'choose':
      return every(value['candidates'], isChoice);
    case 'unknown':
      return every(value['suggestions'], isChoice);
    default:
      return false;
  }
}

/** The resolved lines of a reply, or undefined for a reply of another shape. */
export function readResolveReply(body: unknown): ResolvedLine[] | undefined {
  if (!isObject(body) || !every(body['lines'], isLine)) return undefined;
  return body['lines'] as ResolvedLine[];
}
