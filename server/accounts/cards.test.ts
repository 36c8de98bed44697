import { describe, expect, it } from 'vitest';
import { cardBrand, luhnValid, summariseCard } from './cards.ts';

const today = new Date('2026-11-22T00:00:00Z');

describe('luhnValid', () => {
  it('accepts the standard test numbers and refuses a changed digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42')).toBe(false);
    expect(luhnValid('4242x24242424242')).toBe(false);
  });
});

describe('cardBrand', () => {
  it('names the brand by the leading digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('american_express');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3566002020360505')).toBe('other');
  });
});

describe('summariseCard', () => {
  it('keeps brand, last four digits, expiry and name, never the number', () => {
    const card = summariseCard(
      { number: '4242 4242 4242 4242', expMonth: '3', expYear: '29', name: ' Ada Lovelace ' },
      today,
    );
    expect(card).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 3,
      expYear: 2029,
      name: 'Ada Lovelace',
    });
    expect(JSON.stringify(card)).not.toContain('424242424242');
  });

  it('refuses bad numbers, expired cards and missing names with words', () => {
    const base = { number: '4242424242424242', expMonth: '12', expYear: '2030', name: 'A' };
    expect(summariseCard({ ...base, number: '1234' }, today)).toBe('Enter a valid card number.');
    expect(summariseCard({ ...base, expMonth: '13' }, today)).toBe('Choose the expiry month.');
    expect(summariseCard({ ...base, expYear: 'x' }, today)).toBe('Enter the expiry year.');
    expect(summariseCard({ ...base, expMonth: '10', expYear: '2026' }, today)).toBe(
      'This card has expired.',
    );
    expect(typeof summariseCard({ ...base, expMonth: '11', expYear: '2026' }, today)).toBe(
      'object',
    );
    expect(summariseCard({ ...base, name: '  ' }, today)).toBe('Enter the name on the card.');
  });
});
