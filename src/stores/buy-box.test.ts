import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyBoxProduct, type LiveProduct } from '../lib/product/buy-box.ts';
import { $buyBox, chooseBuyBoxOption, resetBuyBox, startBuyBox } from './buy-box.ts';

vi.mock('../lib/api/client.ts', () => ({ getJson: vi.fn() }));

const variant = (id: number, position: number, size: string, price: number) => ({
  id,
  title: size,
  price,
  compareAtPrice: null,
  availableForSale: true,
  availableQuantity: 4,
  variantPosition: position,
  Options: [{ id: 1, VariantSelectedOptions: { optionValueSelected: size } }],
  availableInventoryLevels: [
    { id: id * 10, availableQuantity: 4, bypassNegativeQuantity: false, availableForSale: true },
  ],
});

const record: LiveProduct = {
  id: 5,
  handle: 'fork',
  price: 20,
  compareAtPrice: null,
  availableForSale: true,
  Options: [{ id: 1, name: 'Size', position: 1 }],
  Variants: [variant(51, 1, 'S', 20), variant(52, 2, 'L', 25)],
};
const built = buyBoxProduct(record);

afterEach(() => {
  resetBuyBox();
  vi.restoreAllMocks();
});

describe('$buyBox', () => {
  it('starts from the page with ?variant= and takes the live price', async () => {
    const fetchProduct = vi.fn(() =>
      Promise.resolve({
        product: { ...record, Variants: [variant(51, 1, 'S', 20), variant(52, 2, 'L', 31)] },
      }),
    );
    const started = startBuyBox(built, '?variant=52', fetchProduct);
    expect($buyBox.get()?.status).toBe('checking');
    expect($buyBox.get()?.choice.variantId).toBe(52);
    await started;
    expect(fetchProduct).toHaveBeenCalledWith('fork');
    const state = $buyBox.get();
    expect(state?.status).toBe('live');
    expect(state?.choice.variantId).toBe(52);
    expect(state?.product.variants[1]?.price).toBe(31);
    expect(state?.builtProduct.variants[1]?.price).toBe(25);
  });

  it('checks once when both islands start it', async () => {
    const fetchProduct = vi.fn(() => Promise.resolve({ product: record }));
    await Promise.all([startBuyBox(built, '', fetchProduct), startBuyBox(built, '', fetchProduct)]);
    expect(fetchProduct).toHaveBeenCalledTimes(1);
  });

  it('marks a product the API no longer has as gone', async () => {
    const notFound = Object.assign(new Error('The product was not found.'), { status: 404 });
    await startBuyBox(built, '', () => Promise.reject(notFound));
    expect($buyBox.get()?.status).toBe('gone');
  });

  it('keeps the page data as stale on a network failure or a malformed reply', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await startBuyBox(built, '', () => Promise.reject(new TypeError('Failed to fetch')));
    expect($buyBox.get()?.status).toBe('stale');
    expect($buyBox.get()?.product).toEqual(built);
    resetBuyBox();
    await startBuyBox(built, '', () => Promise.resolve({ product: { id: 5, price: 'x' } }));
    expect($buyBox.get()?.status).toBe('stale');
    expect($buyBox.get()?.product).toEqual(built);
  });

  it('does not take a reply for another product', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await startBuyBox(built, '', () => Promise.resolve({ product: { ...record, id: 99 } }));
    expect($buyBox.get()?.status).toBe('stale');
    expect($buyBox.get()?.product.id).toBe(5);
  });

  it('keeps a choice made while the check was running', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const started = startBuyBox(
      built,
      '',
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    chooseBuyBoxOption(1, 'L');
    expect($buyBox.get()?.choice.variantId).toBe(52);
    answer({ product: record });
    await started;
    expect($buyBox.get()?.choice).toEqual({ selection: { 1: 'L' }, variantId: 52 });
    chooseBuyBoxOption(1, '');
    expect($buyBox.get()?.choice).toEqual({ selection: {}, variantId: null });
  });
});
