import { describe, expect, it } from 'vitest';
import { bannerAlt } from './banner-alt.ts';

describe('bannerAlt', () => {
  it('drops a leading collection name and its separator', () => {
    expect(
      bannerAlt('Pallet Jack Parts: quality replacement parts, shipped fast', 'Pallet Jack Parts'),
    ).toBe('Quality replacement parts, shipped fast');
    expect(bannerAlt('forklift parts - OEM and aftermarket', 'Forklift Parts')).toBe(
      'OEM and aftermarket',
    );
    expect(bannerAlt('Batteries & Chargers — ready to ship', 'Batteries & Chargers')).toBe(
      'Ready to ship',
    );
  });

  it('makes an alt text that is only the name empty: the heading says it', () => {
    expect(bannerAlt('Pallet Jack Parts', 'Pallet Jack Parts')).toBe('');
    expect(bannerAlt('  pallet-jack parts. ', 'Pallet Jack Parts')).toBe('');
  });

  it('keeps an alt text that does not repeat the name', () => {
    expect(bannerAlt('Quality Parts, Shipped Fast', 'Pallet Jack Parts')).toBe(
      'Quality Parts, Shipped Fast',
    );
    // The name inside a sentence is not a repeated heading.
    expect(bannerAlt('Shop pallet jack parts today', 'Pallet Jack Parts')).toBe(
      'Shop pallet jack parts today',
    );
    // A longer name that starts with this one is another name.
    expect(bannerAlt('Pallet Jack Parts Sale', 'Pallet Jack')).toBe('Pallet Jack Parts Sale');
    expect(bannerAlt('', 'Pallet Jack Parts')).toBe('');
    expect(bannerAlt('Ready to ship', '')).toBe('Ready to ship');
  });

  it('reads a name with regular-expression characters literally', () => {
    expect(bannerAlt('Axles (Pins) + Bushings: in stock', 'Axles (Pins) + Bushings')).toBe(
      'In stock',
    );
    expect(bannerAlt('Axles: in stock', 'A.les')).toBe('Axles: in stock');
  });
});
