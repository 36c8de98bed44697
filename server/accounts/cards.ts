import type { CardBrand } from '../../shared/contracts/account.ts';

/** True when the digits pass the Luhn check every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand of a card number by its leading digits (issuer identification ranges). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'american_express';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'other';
}

/** What the wallet keeps of a card: never the number itself. */
export interface CardSummary {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
}

/**
 * Checks a test card typed into the add-payment page and reduces it to what is stored.
 * Returns the problem in words when the card is refused.
 * @param today the current date, for the expiry check
 */
export function summariseCard(
  input: { number: string; expMonth: string; expYear: string; name: string },
  today: Date,
): CardSummary | string {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return 'Enter a valid card number.';
  const month = Number(input.expMonth);
  let year = Number(input.expYear);
  if (!Number.isInteger(month) || month < 1 || month > 12) return 'Choose the expiry month.';
  if (Number.isInteger(year) && year >= 0 && year < 100) year += 2000;
  if (!Number.isInteger(year) || year < 2000 || year > 2100) return 'Enter the expiry year.';
  const thisYear = today.getUTCFullYear();
  const thisMonth = today.getUTCMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return 'This card has expired.';
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) return 'Enter the name on the card.';
  return {
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    expMonth: month,
    expYear: year,
    name,
  };
}
