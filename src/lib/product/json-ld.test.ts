import { describe, expect, it } from 'vitest';
import { jsonLdText } from '../seo/json-ld.ts';
import {
  itemCondition,
  MAX_JSON_LD_MODELS,
  priceValidUntil,
  productJsonLd,
  type JsonLdProduct,
  type ProductJsonLdOptions,
} from './json-ld.ts';

const product: JsonLdProduct = {
  title: 'Crown Poly Load Wheel (85288-001)',
  sku: '85288-001',
  partNumber: 'IPD-000010',
  vendor: 'Crown',
  condition: 'New',
  price: 45.5,
  availableForSale: true,
  avgRating: 4.333,
  totalReviews: 3,
  isEligibleForFreeShipping: true,
};

const options: ProductJsonLdOptions = {
  url: 'https://shop.example/products/crown-poly-load-wheel',
  images: ['https://shop.example/api/media/products/wheel-1.svg'],
  description: 'A poly load wheel.',
  currency: 'USD',
  buildDate: new Date('2024-12-28T22:30:00Z'),
  returnDays: 30,
  restockingFeePercent: 15,
  freeShippingValue: 199,
};

describe('productJsonLd', () => {
  const graph = productJsonLd(product, options);

  it('describes the product', () => {
    expect(graph['@context']).toBe('https://schema.org');
    expect(graph['@type']).toBe('Product');
    expect(graph.name).toBe('Crown Poly Load Wheel (85288-001)');
    expect(graph.sku).toBe('85288-001');
    expect(graph.mpn).toBe('IPD-000010');
    expect(graph.brand).toEqual({ '@type': 'Brand', name: 'Crown' });
    expect(graph.image).toEqual(['https://shop.example/api/media/products/wheel-1.svg']);
    expect(graph.description).toBe('A poly load wheel.');
    expect(graph.url).toBe('https://shop.example/products/crown-poly-load-wheel');
  });

  it('names the machine models it is a spare part for, and no such field without', () => {
    const fits = productJsonLd(product, {
      ...options,
      fitsModels: [{ brand: 'Crown', model: 'PTH50', name: 'Crown PTH50 Pallet Jack' }],
    });
    expect(fits.isAccessoryOrSparePartFor).toEqual([
      {
        '@type': 'Product',
        name: 'Crown PTH50 Pallet Jack',
        model: 'PTH50',
        brand: { '@type': 'Brand', name: 'Crown' },
      },
    ]);
    expect('isAccessoryOrSparePartFor' in graph).toBe(false);
    const many = Array.from({ length: 80 }, (_, n) => ({
      brand: 'Crown',
      model: `M${String(n)}`,
      name: `Crown M${String(n)}`,
    }));
    expect(
      productJsonLd(product, { ...options, fitsModels: many }).isAccessoryOrSparePartFor,
    ).toHaveLength(MAX_JSON_LD_MODELS);
  });

  it('offers it at its price for a week', () => {
    const offer = graph.offers;
    expect(offer['@type']).toBe('Offer');
    expect(offer.url).toBe(options.url);
    expect(offer.price).toBe('45.50');
    expect(offer.priceCurrency).toBe('USD');
    expect(offer.priceValidUntil).toBe('2025-01-04');
    expect(offer.availability).toBe('https://schema.org/InStock');
    expect(offer.itemCondition).toBe('https://schema.org/NewCondition');
  });

  it('states the US return policy', () => {
    expect(graph.offers.hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'US',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 30,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/RestockingFees',
      restockingFee: { '@type': 'QuantitativeValue', value: 15, unitCode: 'P1' },
    });
  });

  it('ships to the US, free only for an eligible product over the threshold', () => {
    expect(graph.offers.shippingDetails).toEqual({
      '@type': 'OfferShippingDetails',
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
    });
    const dear = productJsonLd({ ...product, price: 250 }, options);
    expect(dear.offers.shippingDetails).toEqual({
      '@type': 'OfferShippingDetails',
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
      shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: 'USD' },
    });
    const notEligible = productJsonLd(
      { ...product, price: 250, isEligibleForFreeShipping: false },
      options,
    );
    expect(notEligible.offers.shippingDetails).not.toHaveProperty('shippingRate');
    const noFree = productJsonLd({ ...product, price: 250 }, { ...options, freeShippingValue: -1 });
    expect(noFree.offers.shippingDetails).not.toHaveProperty('shippingRate');
  });

  it('rates it only when there are reviews', () => {
    expect(graph.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    const unrated = productJsonLd({ ...product, totalReviews: 0, avgRating: 0 }, options);
    expect(unrated).not.toHaveProperty('aggregateRating');
  });

  it('says out of stock when the product is not for sale', () => {
    const soldOut = productJsonLd({ ...product, availableForSale: false }, options);
    expect(soldOut.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('leaves out empty brand, part number, description and restocking fee', () => {
    const { restockingFeePercent: _fee, ...noFee } = options;
    const bare = productJsonLd(
      { ...product, vendor: '', partNumber: '' },
      { ...noFee, description: '' },
    );
    expect(bare).not.toHaveProperty('brand');
    expect(bare).not.toHaveProperty('mpn');
    expect(bare).not.toHaveProperty('description');
    expect(bare.offers.hasMerchantReturnPolicy).not.toHaveProperty('restockingFee');
  });

  it('writes a price of 0 as 0.00', () => {
    expect(productJsonLd({ ...product, price: 0 }, options).offers.price).toBe('0.00');
  });

  it('survives a hostile title inside a script block', () => {
    const text = jsonLdText(productJsonLd({ ...product, title: '</script><script>x()' }, options));
    expect(text).not.toContain('</script');
    expect((JSON.parse(text) as { name: string }).name).toBe('</script><script>x()');
  });
});

describe('priceValidUntil', () => {
  it('is a week later, as a date', () => {
    expect(priceValidUntil(new Date('2024-02-25T00:00:00Z'))).toBe('2024-03-03');
    expect(priceValidUntil(new Date('2024-12-31T23:59:59Z'))).toBe('2025-01-07');
    expect(priceValidUntil(new Date('2024-01-01T00:00:00Z'), 1)).toBe('2024-01-02');
  });
});

describe('itemCondition', () => {
  it.each([
    ['New', 'NewCondition'],
    ['Used', 'UsedCondition'],
    ['Refurbished', 'RefurbishedCondition'],
    ['Remanufactured', 'RefurbishedCondition'],
    ['Damaged', 'DamagedCondition'],
    ['', 'NewCondition'],
  ])('%s -> %s', (condition, type) => {
    expect(itemCondition(condition)).toBe(`https://schema.org/${type}`);
  });
});
