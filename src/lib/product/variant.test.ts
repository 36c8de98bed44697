import { describe, expect, it } from 'vitest';
import { buyBoxProduct, readLiveProduct, type LiveProduct } from './buy-box.ts';
import {
  carryChoice,
  chooseOption,
  initialChoice,
  isFullySelected,
  matchingVariant,
  reachableValues,
  selectedVariant,
  shownPrice,
  variantParam,
} from './variant.ts';

const level = (id: number, availableQuantity = 5, bypass = false) => ({
  id,
  availableQuantity,
  bypassNegativeQuantity: bypass,
  availableForSale: true,
});

function variant(id: number, position: number, size: string, colour: string, price: number) {
  return {
    id,
    title: `${size} / ${colour}`,
    price,
    compareAtPrice: null,
    availableForSale: true,
    availableQuantity: 5,
    variantPosition: position,
    Options: [
      { id: 1, VariantSelectedOptions: { optionValueSelected: size } },
      { id: 2, VariantSelectedOptions: { optionValueSelected: colour } },
    ],
    availableInventoryLevels: [level(id * 10)],
  };
}

const multi: LiveProduct = {
  id: 7,
  handle: 'wheel',
  price: 10,
  compareAtPrice: 12,
  availableForSale: true,
  Options: [
    { id: 2, name: 'Colour', position: 2 },
    { id: 1, name: 'Size', position: 1 },
  ],
  Variants: [
    variant(102, 2, 'Large', 'Red', 15),
    variant(101, 1, 'Small', 'Red', 11),
    variant(103, 3, 'Small', 'Blue', 12),
  ],
};

const single: LiveProduct = {
  id: 8,
  handle: 'bolt',
  price: 3,
  compareAtPrice: null,
  availableForSale: true,
  Options: [{ id: 9, name: 'Title', position: 1 }],
  Variants: [
    {
      id: 200,
      title: 'Default Title',
      price: 3.5,
      compareAtPrice: null,
      availableForSale: true,
      availableQuantity: 2,
      variantPosition: 1,
      Options: [{ id: 9, VariantSelectedOptions: { optionValueSelected: 'Default Title' } }],
      availableInventoryLevels: [level(2000, 2)],
    },
  ],
};

const product = buyBoxProduct(multi);
const bolt = buyBoxProduct(single);

describe('buyBoxProduct', () => {
  it('orders options by position and variants by variantPosition', () => {
    expect(product.options.map((o) => o.name)).toEqual(['Size', 'Colour']);
    expect(product.options[0]?.values).toEqual(['Small', 'Large']);
    expect(product.variants.map((v) => v.id)).toEqual([101, 102, 103]);
    expect(product.variants[0]?.values).toEqual({ 1: 'Small', 2: 'Red' });
  });
  it('has no options for a single Default Title variant', () => {
    expect(bolt.options).toEqual([]);
  });
});

describe('readLiveProduct', () => {
  it('reads a valid reply', () => {
    const read = readLiveProduct({ product: { ...multi, extra: 'ignored' } });
    expect(read).toEqual({ ok: true, product });
  });
  it('refuses a malformed reply', () => {
    expect(readLiveProduct({ product: { ...multi, price: 'free' } }).ok).toBe(false);
    expect(readLiveProduct({ product: { ...multi, Variants: [] } }).ok).toBe(false);
    expect(readLiveProduct(null).ok).toBe(false);
    expect(readLiveProduct({ error: 'nope' }).ok).toBe(false);
  });
  it('reads nulls where the API may send them, and refuses them elsewhere', () => {
    const [first, ...rest] = multi.Variants;
    if (!first) throw new Error('a variant expected');
    const loose = { ...first, compareAtPrice: null, availableQuantity: null };
    expect(readLiveProduct({ product: { ...multi, Variants: [loose, ...rest] } }).ok).toBe(true);
    expect(readLiveProduct({ product: { ...multi, compareAtPrice: null } }).ok).toBe(true);
    expect(readLiveProduct({ product: { ...multi, price: null } }).ok).toBe(false);
    expect(readLiveProduct({ product: { ...multi, Options: null } }).ok).toBe(false);
  });
  it.each([
    ['a negative price', { price: -1 }],
    ['a price that is not a number', { price: Number.NaN }],
    ['an infinite price', { price: Number.POSITIVE_INFINITY }],
    ['a fractional quantity', { availableQuantity: 1.5 }],
    ['a position as text', { variantPosition: '1' }],
    ['a title that is not text', { title: 3 }],
    ['an option without its value', { Options: [{ id: 1, VariantSelectedOptions: {} }] }],
    ['a level without its flags', { availableInventoryLevels: [{ id: 1, availableQuantity: 2 }] }],
    ['levels that are not a list', { availableInventoryLevels: { id: 1 } }],
  ])('refuses a variant with %s', (_name, change) => {
    const [first, ...rest] = multi.Variants;
    const Variants = [{ ...first, ...change }, ...rest];
    expect(readLiveProduct({ product: { ...multi, Variants } })).toEqual({
      ok: false,
      problem: 'The product reply was not understood.',
    });
  });
  it('refuses a product id of 0, an empty handle, an option without a name, a non-object', () => {
    expect(readLiveProduct({ product: { ...multi, id: 0 } }).ok).toBe(false);
    expect(readLiveProduct({ product: { ...multi, handle: '' } }).ok).toBe(false);
    expect(readLiveProduct({ product: { ...multi, Options: [{ id: 1, position: 1 }] } }).ok).toBe(
      false,
    );
    expect(readLiveProduct({ product: 'wheel' }).ok).toBe(false);
    expect(readLiveProduct('{"product":{}}').ok).toBe(false);
  });
});

describe('variantParam', () => {
  it('reads a numeric variant id', () => {
    expect(variantParam('?variant=102')).toBe(102);
    expect(variantParam('?a=1&variant= 7 ')).toBe(7);
  });
  it('ignores a search without the parameter', () => {
    expect(variantParam('')).toBeNull();
  });
  it.each(['', 'abc', '0', '-3', '1.5', '1234567890123456789'])('ignores ?variant=%s', (id) => {
    expect(variantParam(`?variant=${id}`)).toBeNull();
  });
});

describe('initialChoice', () => {
  it('selects the only variant of a single-variant product, with its price', () => {
    const choice = initialChoice(bolt, null);
    expect(choice.variantId).toBe(200);
    expect(shownPrice(bolt, selectedVariant(bolt, choice)).price).toBe(3.5);
  });
  it('starts a multi-variant product unselected with the product price', () => {
    const choice = initialChoice(product, null);
    expect(choice).toEqual({ selection: {}, variantId: null });
    expect(shownPrice(product, selectedVariant(product, choice))).toEqual({
      price: 10,
      compareAtPrice: 12,
      availableForSale: true,
    });
  });
  it('preselects a numeric variant id and its option values', () => {
    expect(initialChoice(product, 103)).toEqual({
      selection: { 1: 'Small', 2: 'Blue' },
      variantId: 103,
    });
  });
  it('ignores a variant id of another product', () => {
    expect(initialChoice(product, 999)).toEqual({ selection: {}, variantId: null });
    expect(initialChoice(bolt, 999).variantId).toBe(200);
  });
});

describe('choosing options', () => {
  it('picks the variant whose options all match once every option has a value', () => {
    let choice = initialChoice(product, null);
    choice = chooseOption(product, choice, 1, 'Large');
    expect(choice.variantId).toBeNull();
    expect(isFullySelected(product, choice.selection)).toBe(false);
    choice = chooseOption(product, choice, 2, 'Red');
    expect(isFullySelected(product, choice.selection)).toBe(true);
    expect(choice.variantId).toBe(102);
    expect(shownPrice(product, selectedVariant(product, choice)).price).toBe(15);
  });
  it('clearing a value removes it and the variant', () => {
    let choice = initialChoice(product, 102);
    choice = chooseOption(product, choice, 2, '');
    expect(choice).toEqual({ selection: { 1: 'Large' }, variantId: null });
    expect(shownPrice(product, selectedVariant(product, choice)).price).toBe(10);
  });
  it('settles on nothing for a combination no variant has', () => {
    const choice = chooseOption(product, initialChoice(product, 102), 2, 'Blue');
    expect(choice.selection).toEqual({ 1: 'Large', 2: 'Blue' });
    expect(choice.variantId).toBeNull();
    expect(matchingVariant(product, choice.selection)).toBeUndefined();
  });
  it('lists the values that exist with the other choices', () => {
    expect([...reachableValues(product, { 1: 'Large' }, 2)]).toEqual(['Red']);
    expect([...reachableValues(product, { 1: 'Small' }, 2)].sort()).toEqual(['Blue', 'Red']);
    expect([...reachableValues(product, {}, 1)].sort()).toEqual(['Large', 'Small']);
  });
});

describe('carryChoice (after a live refresh)', () => {
  it('keeps the variant when it still exists, with the new price', () => {
    const live = buyBoxProduct({
      ...multi,
      Variants: multi.Variants.map((v) => (v.id === 102 ? { ...v, price: 19 } : v)),
    });
    const choice = carryChoice(live, initialChoice(product, 102));
    expect(choice.variantId).toBe(102);
    expect(shownPrice(live, selectedVariant(live, choice)).price).toBe(19);
  });
  it('drops a variant that is gone and values no longer offered', () => {
    const live = buyBoxProduct({ ...multi, Variants: multi.Variants.filter((v) => v.id !== 102) });
    expect(carryChoice(live, initialChoice(product, 102))).toEqual({
      selection: { 2: 'Red' },
      variantId: null,
    });
  });
});
