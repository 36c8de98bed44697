import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_PAYMENTS,
  cardBrandIcon,
  PAYMENT_ICON_SIZE,
  PAYMENT_ICONS,
} from './payment-icons.ts';

describe('payment icons', () => {
  it('lists the accepted payments of the footer in the spec order (account-and-shell 2.9)', () => {
    expect(ACCEPTED_PAYMENTS.map((icon) => icon.name)).toEqual([
      'American Express',
      'Apple Pay',
      'Diners Club',
      'Discover',
      'Google Pay',
      'Mastercard',
      'PayPal',
      'Visa',
    ]);
  });

  it('has a picture in public/ for every icon, drawn at the shared size', () => {
    for (const icon of Object.values(PAYMENT_ICONS)) {
      const file = join('public', icon.src);
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg, file).toContain(`width="${String(PAYMENT_ICON_SIZE.width)}"`);
      expect(svg, file).toContain(`height="${String(PAYMENT_ICON_SIZE.height)}"`);
    }
  });

  it.each([
    ['visa', 'Visa', 'visa'],
    ['mastercard', 'Mastercard', 'mastercard'],
    ['american_express', 'American Express', 'american-express'],
    ['discover', 'Discover', 'discover'],
  ])("gives the API's card brand %s its name, %s, and its picture", (brand, name, file) => {
    expect(cardBrandIcon(brand)).toEqual({ name, src: `/payment/${file}.svg` });
  });

  it("shows the neutral card for 'other' and for brands it does not know", () => {
    expect(cardBrandIcon('other')).toEqual({ name: 'Card', src: '/payment/card.svg' });
    expect(cardBrandIcon('jcb')).toBe(PAYMENT_ICONS.card);
    expect(cardBrandIcon('')).toBe(PAYMENT_ICONS.card);
    // Not an inherited property of the lookup object either.
    expect(cardBrandIcon('toString')).toBe(PAYMENT_ICONS.card);
  });
});
