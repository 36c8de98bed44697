import { describe, expect, it } from 'vitest';
import {
  EMPTY_CART,
  cartDiscount,
  cartFromCheckout,
  checkoutIdFromWebUrl,
  quantityInCart,
} from './checkout.ts';

const serverLine = {
  id: 11,
  inventoryLevelId: 7,
  variantId: 3,
  productId: 2,
  productHandle: 'pump-seal-kit',
  title: 'Pump seal kit',
  variantTitle: 'Default Title',
  sku: 'PSK-1',
  imageUrl: '/media/products/seal-1.svg',
  currentQuantity: 2,
  totalUnitPrice: 24.5,
  availableForSale: true,
  availableQuantity: 9,
  bypassNegativeQuantity: false,
};

const checkout = {
  id: 'abc',
  webUrl: 'http://127.0.0.1:4322/api/external-checkout/abc',
  LineItems: [serverLine],
  totalQuantity: 2,
  subtotalPrice: 49,
  discountedSubtotalPrice: 44.1,
  discountCode: 'SAVE10',
  totalPrice: 44.1,
  currencyCode: 'USD',
};

describe('cartFromCheckout', () => {
  it('maps the server checkout to the cart state', () => {
    expect(cartFromCheckout(checkout)).toEqual({
      loaded: true,
      checkoutId: 'abc',
      webUrl: checkout.webUrl,
      lines: [
        {
          lineItemId: 11,
          inventoryLevelId: 7,
          title: 'Pump seal kit',
          imageUrl: '/media/products/seal-1.svg',
          quantity: 2,
          price: 24.5,
          availableQuantity: 9,
          availableForSale: true,
          sku: 'PSK-1',
          handle: 'pump-seal-kit',
          bypassNegativeQuantity: false,
        },
      ],
      totalQuantity: 2,
      subtotalPrice: 49,
      discountedSubtotalPrice: 44.1,
      totalPrice: 44.1,
      discountCode: 'SAVE10',
      currencyCode: 'USD',
    });
  });

  it('reads the empty checkout of a new visitor', () => {
    const empty = cartFromCheckout({ ...checkout, id: null, webUrl: null, LineItems: [] });
    expect(empty).toMatchObject({ loaded: true, checkoutId: null, webUrl: null, lines: [] });
  });

  it('computes missing totals from the lines', () => {
    const bare = cartFromCheckout({ LineItems: [serverLine] });
    expect(bare).toMatchObject({ totalQuantity: 2, subtotalPrice: 49, totalPrice: 49 });
    expect(bare?.currencyCode).toBe('USD');
  });

  it('refuses anything that is not a checkout, so a bad reply never empties the cart', () => {
    for (const bad of [
      null,
      undefined,
      'checkout',
      [],
      {},
      { LineItems: 'x' },
      { LineItems: [null] },
      { LineItems: [{ ...serverLine, id: 'eleven' }] },
      { LineItems: [{ ...serverLine, currentQuantity: -1 }] },
      { LineItems: [{ ...serverLine, totalUnitPrice: Number.NaN }] },
    ]) {
      expect(cartFromCheckout(bad)).toBeUndefined();
    }
  });

  it('keeps unknown stock as null (unlimited for the rules)', () => {
    const line = { ...serverLine, availableQuantity: undefined };
    expect(cartFromCheckout({ LineItems: [line] })?.lines[0]?.availableQuantity).toBeNull();
  });

  it('reads a line priced 0 as not for sale: it can be lowered, not raised', () => {
    // issue 29: a price that became 0 after the add is asked by phone (call-for-price.ts).
    const line = { ...serverLine, totalUnitPrice: 0 };
    expect(cartFromCheckout({ LineItems: [line] })?.lines[0]).toMatchObject({
      price: 0,
      availableForSale: false,
    });
  });
});

describe('checkoutIdFromWebUrl', () => {
  it('is the last path segment', () => {
    expect(checkoutIdFromWebUrl('https://shop.test/api/external-checkout/abc')).toBe('abc');
    expect(checkoutIdFromWebUrl('https://shop.test/checkout/abc/?x=1#top')).toBe('abc');
    expect(checkoutIdFromWebUrl('/api/external-checkout/a%20b')).toBe('a b');
  });

  it('is null when it cannot be derived', () => {
    for (const url of [null, undefined, '', 'https://', '/', '/x/%E0%A4%A']) {
      expect(checkoutIdFromWebUrl(url)).toBeNull();
    }
  });
});

describe('quantityInCart', () => {
  it('counts the units of one inventory level, 0 when none', () => {
    const cart = cartFromCheckout(checkout) ?? EMPTY_CART;
    expect(quantityInCart(cart, 7)).toBe(2);
    expect(quantityInCart(cart, 8)).toBe(0);
    expect(quantityInCart(EMPTY_CART, 7)).toBe(0);
  });
});

describe('cartDiscount', () => {
  it('is subtotal minus discounted subtotal, in cents', () => {
    const cart = cartFromCheckout(checkout) ?? EMPTY_CART;
    expect(cartDiscount(cart)).toBe(4.9);
    expect(cartDiscount(EMPTY_CART)).toBe(0);
  });
});
