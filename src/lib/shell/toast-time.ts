/**
 * The local time a toast shows (spec storefront 2: "Toasts ... show local time").
 * @example toastTime(new Date(2026, 0, 5, 14, 7), 'en-US') // '2:07 PM'
 */
export function toastTime(at: Date, locale?: string): string {
  return at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}
