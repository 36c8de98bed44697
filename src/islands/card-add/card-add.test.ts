import { describe, expect, it, vi } from 'vitest';
import { readCardButton } from './card-add.ts';

vi.mock('../../stores/cart.ts', () => ({}));
vi.mock('../../stores/add-to-order.ts', () => ({}));

const button = (dataset: Record<string, string>) => ({ dataset }) as unknown as HTMLElement;

describe('readCardButton', () => {
  it('reads the level, its stock and whether it is for sale', () => {
    expect(readCardButton(button({ levelId: '12', available: '3', forSale: 'true' }))).toEqual({
      levelId: 12,
      available: 3,
      availableForSale: true,
    });
  });
  it('reads unlimited stock and not for sale', () => {
    expect(
      readCardButton(button({ levelId: '12', available: 'unlimited', forSale: 'false' })),
    ).toEqual({ levelId: 12, available: null, availableForSale: false });
  });
  it('refuses missing or malformed data', () => {
    expect(readCardButton(button({}))).toBeNull();
    expect(readCardButton(button({ levelId: 'x', available: '3', forSale: 'true' }))).toBeNull();
    expect(readCardButton(button({ levelId: '0', available: '3', forSale: 'true' }))).toBeNull();
    expect(readCardButton(button({ levelId: '4', available: 'many', forSale: 'true' }))).toBeNull();
  });
});
