const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A price in the store currency with 2 decimals (spec storefront 1).
 * @example formatPrice(1234.5, 'USD') // '$1,234.50'
 */
export function formatPrice(amount: number, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  return formatter.format(amount);
}
