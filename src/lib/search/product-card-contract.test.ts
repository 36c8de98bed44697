import { describe, expect, it } from 'vitest';
import { fixtureApp } from '../../../server/testing/catalogue.ts';
import { parseProductsReply } from './card-reply.ts';
import { parseFilterReply } from './filter-reply.ts';
import { cardSchema } from '../../../shared/contracts/product-card.ts';

describe('the product card wire contract', () => {
  it("holds for the reference server's lists", async () => {
    const { get, ids } = fixtureApp();
    const filter = parseFilterReply((await get('/filter?limit=10')).body);
    expect(filter.products.length).toBeGreaterThan(1);
    expect(filter.products.every((card) => card.handle.length > 0)).toBe(true);
    const wanted = Object.values(ids).slice(0, 2);
    const listed = parseProductsReply((await get(`?productIds=${wanted.join(',')}`)).body);
    expect(listed.map((card) => card.id).sort()).toEqual([...wanted].sort());
  });

  it('refuses a card that drifted', () => {
    const card = { id: 1, handle: 'a', title: 'A', price: 5, availableForSale: true };
    expect(cardSchema.safeParse(card).success).toBe(true);
    expect(cardSchema.safeParse({ ...card, price: '5.00' }).success).toBe(false);
    expect(cardSchema.safeParse({ ...card, availableForSale: undefined }).success).toBe(false);
  });
});
