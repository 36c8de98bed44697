import { describe, expect, it } from 'vitest';
import { buyBoxProduct, type BuyBoxProduct, type LiveProduct } from './buy-box.ts';
import {
  ALL_IN_CART,
  buyState,
  chooseText,
  NO_LONGER_AVAILABLE,
  priceChangedText,
  SOLD_OUT,
  type BuyInput,
} from './buy-state.ts';
import { IN_STOCK_NOTE } from './stock.ts';
import { chooseOption, initialChoice } from './variant.ts';

// The issue 29 cases, item 1: the stock note said 'In Stock. Same Day Shipping' from the
// fallback variant's quantity alone, above a disabled Add to Cart and 'Sold out'.

type LiveVariant = LiveProduct['Variants'][number];

const variant = (
  id: number,
  position: number,
  material: string | null,
  stock: number,
  over: Partial<LiveVariant> = {},
): LiveVariant => ({
  id,
  title: material ?? 'Default Title',
  price: 40,
  compareAtPrice: null,
  availableForSale: true,
  availableQuantity: stock,
  variantPosition: position,
  Options: material ? [{ id: 1, VariantSelectedOptions: { optionValueSelected: material } }] : [],
  availableInventoryLevels: [
    {
      id: id * 10,
      availableQuantity: stock,
      bypassNegativeQuantity: false,
      availableForSale: true,
    },
  ],
  ...over,
});

const product = (variants: LiveVariant[], over: Partial<LiveProduct> = {}): BuyBoxProduct =>
  buyBoxProduct({
    id: 1,
    handle: 'load-wheel',
    price: 40,
    compareAtPrice: null,
    availableForSale: true,
    Options: variants.some((v) => v.Options.length > 0)
      ? [{ id: 1, name: 'Material', position: 1 }]
      : [],
    Variants: variants,
    ...over,
  });

/** The buy box's state as its server render sees it: the page's product, no cart yet. */
const firstPaint = (p: BuyBoxProduct, over: Partial<BuyInput> = {}) =>
  buyState({
    product: p,
    builtProduct: p,
    choice: initialChoice(p, null),
    status: 'checking',
    inCart: () => 0,
    currency: 'USD',
    ...over,
  });

/** After the shopper picked `material`, with the live reply `live` (default: the page's). */
const chosen = (p: BuyBoxProduct, material: string, over: Partial<BuyInput> = {}) =>
  firstPaint(p, {
    choice: chooseOption(p, initialChoice(p, null), 1, material),
    status: 'live',
    ...over,
  });

describe('the stock note', () => {
  it('says In Stock for a single variant with stock that can be bought', () => {
    const state = firstPaint(product([variant(1, 1, null, 3)]));
    expect(state.note).toBe(IN_STOCK_NOTE);
    expect(state.forSale).toBe(true);
  });

  it('says nothing for a product not for sale, though it has stock', () => {
    // prime-mover-12v-emergency-stop-switch-pm-2803-0: stock 15, not for sale.
    const notForSale = product([variant(1, 1, null, 15)], { availableForSale: false });
    expect(firstPaint(notForSale).note).toBeNull();
    expect(firstPaint(notForSale, { status: 'live' })).toMatchObject({
      note: null,
      forSale: false,
      message: SOLD_OUT,
    });
  });

  it('says nothing when every variant is unavailable, though they have stock', () => {
    // crown-steel-guide-roller-93427-523: 3 variants, none for sale.
    const p = product(
      ['Steel', 'Poly', 'Nylon'].map((m, i) =>
        variant(i + 1, i + 1, m, 8, { availableForSale: false }),
      ),
      { availableForSale: false },
    );
    expect(firstPaint(p).note).toBeNull();
    expect(chosen(p, 'Poly')).toMatchObject({ note: null, message: SOLD_OUT });
  });

  it('says nothing for a variant whose own level is closed', () => {
    const closed = variant(1, 1, null, 6);
    closed.availableInventoryLevels = [
      { ...closed.availableInventoryLevels[0]!, availableForSale: false },
    ];
    expect(firstPaint(product([closed])).note).toBeNull();
  });

  it('goes when a sold-out variant is chosen, and comes back for one in stock', () => {
    // raymond-load-wheel-13-5-x-5-5-in-9-717-624: Rubber is sold out.
    const p = product([variant(1, 1, 'Poly', 4), variant(2, 2, 'Rubber', 0)]);
    expect(firstPaint(p).note).toBe(IN_STOCK_NOTE);
    expect(chosen(p, 'Rubber')).toMatchObject({ note: null, message: SOLD_OUT });
    expect(chosen(p, 'Poly')).toMatchObject({ note: IN_STOCK_NOTE, message: '' });
  });

  it('comes when an in-stock variant is chosen though the fallback has none', () => {
    // big-joe-steer-wheel-1183859: the first variant has no stock, the others do.
    const p = product([variant(1, 1, 'Poly', 0), variant(2, 2, 'Rubber', 9)]);
    expect(firstPaint(p)).toMatchObject({ note: null, forSale: true });
    expect(firstPaint(p).message).toBe(chooseText(['Material']));
    expect(chosen(p, 'Rubber')).toMatchObject({ note: IN_STOCK_NOTE, forSale: true });
  });

  it('is unlimited with bypassNegativeQuantity', () => {
    const v = variant(1, 1, null, 0);
    v.availableInventoryLevels = [
      { ...v.availableInventoryLevels[0]!, bypassNegativeQuantity: true },
    ];
    expect(firstPaint(product([v])).note).toBe(IN_STOCK_NOTE);
  });

  it('follows the live check: stock gone since the build, or the product gone', () => {
    const built = product([variant(1, 1, null, 3)]);
    const live = product([variant(1, 1, null, 0)]);
    expect(firstPaint(built).note).toBe(IN_STOCK_NOTE);
    expect(firstPaint(built, { product: live, status: 'live' })).toMatchObject({
      note: null,
      message: SOLD_OUT,
    });
    expect(firstPaint(built, { status: 'gone' })).toMatchObject({
      note: null,
      forSale: false,
      message: NO_LONGER_AVAILABLE,
    });
    // A failed check keeps the page's data.
    expect(firstPaint(built, { status: 'stale' }).note).toBe(IN_STOCK_NOTE);
  });

  it('follows the cart: all the stock in the cart leaves nothing in stock to add', () => {
    const p = product([variant(1, 1, null, 3)]);
    const full = firstPaint(p, { status: 'live', inCart: (id) => (id === 10 ? 3 : 0) });
    expect(full).toMatchObject({ note: null, forSale: true, message: ALL_IN_CART });
    const some = firstPaint(p, { status: 'live', inCart: () => 2 });
    expect(some).toMatchObject({ note: IN_STOCK_NOTE, message: '' });
    expect(some.stock.remaining).toBe(1);
  });
});

describe('a price of 0', () => {
  const free = product([variant(1, 1, null, 5, { price: 0 })], { price: 0 });

  it('is not sold online: no note, nothing to add, the call line instead of Sold out', () => {
    for (const status of ['checking', 'live'] as const) {
      expect(firstPaint(free, { status })).toMatchObject({
        callForPrice: true,
        forSale: false,
        note: null,
        message: '',
      });
    }
  });

  it('applies to the chosen variant of a product with options', () => {
    const p = product([variant(1, 1, 'Poly', 5, { price: 0 }), variant(2, 2, 'Rubber', 5)]);
    expect(chosen(p, 'Poly')).toMatchObject({ callForPrice: true, forSale: false, note: null });
    expect(chosen(p, 'Rubber')).toMatchObject({ callForPrice: false, forSale: true });
  });

  it('never says the price changed to $0.00 when the live price became 0', () => {
    const built = product([variant(1, 1, null, 5)]);
    const live = product([variant(1, 1, null, 5, { price: 0 })], { price: 0 });
    const state = firstPaint(built, { product: live, status: 'live' });
    expect(state).toMatchObject({ callForPrice: true, forSale: false, message: '', note: null });
  });
});

describe('the status line', () => {
  it('says when the live price differs from the page', () => {
    const built = product([variant(1, 1, null, 5)]);
    const live = product([variant(1, 1, null, 5, { price: 47.25 })]);
    expect(firstPaint(built, { product: live, status: 'live' }).message).toBe(
      priceChangedText('$47.25'),
    );
    expect(priceChangedText('$47.25')).toBe(
      'The price has changed since this page was made: now $47.25.',
    );
  });

  it("is not 'Sold out' before the live check answers", () => {
    const p = product([variant(1, 1, null, 0)]);
    expect(firstPaint(p)).toMatchObject({ forSale: false, message: '' });
  });
});
