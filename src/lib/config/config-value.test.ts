import { describe, expect, it } from 'vitest';
import { configValue, lookup } from './config-value.ts';
import { storeConfig } from '../../../shared/store-config.ts';

describe('configValue', () => {
  it('reads nested values by dotted path', () => {
    expect(configValue('theme.storeCurrency')).toBe('USD');
    expect(configValue('theme.imagePlacements.collection.menuImage')).toBe('menuImage');
    expect(configValue('store.storeName')).toBe(storeConfig.store.storeName);
  });

  it('returns whole sections', () => {
    expect(configValue('theme.exitIntentPopUp')).toEqual(storeConfig.theme.exitIntentPopUp);
  });

  it("throws the spec's error for a missing path", () => {
    expect(() => lookup(storeConfig, 'theme.nope')).toThrow('Path theme.nope not found in config.');
    expect(() => lookup(storeConfig, 'theme.storeCurrency.length')).toThrow(
      'Path theme.storeCurrency.length not found in config.',
    );
    expect(() => lookup(storeConfig, '')).toThrow('Path  not found in config.');
  });

  it('does not follow inherited properties', () => {
    expect(() => lookup(storeConfig, 'theme.toString')).toThrow('not found in config');
    expect(() => lookup(storeConfig, '__proto__')).toThrow('not found in config');
  });

  it('holds every key the spec names', () => {
    const keys = [
      'theme.storeCurrency',
      'theme.freeShippingValue',
      'theme.defaultLimitPerPage',
      'store.storeLogoUrl',
      'store.storeName',
      'store.contactPhoneNumber',
      'theme.announcement',
      'theme.productNoImageUrl',
      'theme.featuredProducts.url',
      'theme.featuredProducts.bannerUrl',
      'theme.imagePlacements.collection.menuImage',
      'theme.navigationMenuDepth',
      'theme.policyLinks.returns',
      'theme.policyLinks.shipping',
      'theme.policyLinks.requestAnItem',
      'theme.seoTitle',
      'theme.blogDescription',
      'theme.footerNavLinks',
      'theme.exitIntentPopUp.bgImageUrl',
      'theme.exitIntentPopUp.discountMessage',
      'theme.exitIntentPopUp.discountCode',
      'store.storeFaviconUrl',
    ];
    for (const key of keys) expect(() => lookup(storeConfig, key), key).not.toThrow();
  });

  it('uses a page size the spec allows', () => {
    expect([8, 16, 24, 48, 64, 76]).toContain(configValue('theme.defaultLimitPerPage'));
  });
});
