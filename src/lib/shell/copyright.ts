/**
 * The footer's copyright line (spec account-and-shell 2.9: "a copyright line with the
 * current year").
 * @example copyrightText(2026, 'Industrial Parts Depot')
 *   // '© 2026 Industrial Parts Depot. All rights reserved.'
 */
export function copyrightText(year: number, storeName: string): string {
  return `© ${year} ${storeName}. All rights reserved.`;
}
