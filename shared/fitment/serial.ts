/**
 * Serial numbers as a brand writes them on a machine's data plate (issue 31): a prefix that
 * names a plant, a series or a year, then a running number, sometimes a letter after it. Two
 * serials compare only when their prefixes are the same, and then by the number; parts
 * manuals say which parts apply 'from serial SZ123456 on', boundaries inclusive.
 */

/** How one brand writes its serials. */
export interface SerialFormat {
  /**
   * Matches a compacted serial (compactSerial) with the named groups `prefix` (may be empty)
   * and `number` (digits); an optional `suffix` group (a year letter) is not compared.
   */
  pattern: RegExp;
  /** A serial of this brand, for the message under one that does not match. */
  example: string;
}

/** A serial read through its brand's format. */
export interface Serial {
  /** As compared: upper case, without spaces, hyphens, dots or slashes. */
  text: string;
  prefix: string;
  number: number;
}

/**
 * Any prefix of letters and digits that ends in a letter, then up to 12 digits, then up to
 * two letters: what most data plates carry ('SZ123456', 'A875B12345C', '12345').
 */
export const DEFAULT_SERIAL_FORMAT: SerialFormat = {
  pattern: /^(?<prefix>(?:[A-Z0-9]*[A-Z])?)(?<number>\d{1,12})(?<suffix>[A-Z]{0,2})$/,
  example: 'SZ123456',
};

/** Longer than any data plate's serial: typed text, not a serial. */
const MAX_SERIAL_LENGTH = 32;

/**
 * A serial as compared: Unicode-normalised, upper case, without the spaces, hyphens, dots
 * and slashes people type or plates print between its parts.
 * @example compactSerial(' sz-123.456 ') // 'SZ123456'
 */
export const compactSerial = (typed: string): string =>
  typed
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-./]+/g, '');

/**
 * Reads a serial through its brand's format; null when it is empty, too long or not of that
 * brand's shape (the shopper is asked to check it, never told a part does not fit).
 * @example parseSerial('sz 123456') // { text: 'SZ123456', prefix: 'SZ', number: 123456 }
 */
export function parseSerial(
  typed: string,
  format: SerialFormat = DEFAULT_SERIAL_FORMAT,
): Serial | null {
  const text = compactSerial(typed);
  if (text === '' || text.length > MAX_SERIAL_LENGTH) return null;
  const groups = format.pattern.exec(text)?.groups;
  const digits = groups?.number;
  if (groups === undefined || digits === undefined || digits === '') return null;
  return { text, prefix: groups.prefix ?? '', number: Number(digits) };
}

/** Where a serial stands against a range: in it, out of it, or not comparable. */
export type SerialPlace = 'in' | 'out' | 'unknown';

/**
 * Whether `serial` is within `from` to `to`, boundaries inclusive, either end open (null).
 * A bound with another prefix cannot be compared: 'unknown', not 'out'.
 * @example serialPlace(parseSerial('SZ200000')!, parseSerial('SZ123456'), null) // 'in'
 */
export function serialPlace(serial: Serial, from: Serial | null, to: Serial | null): SerialPlace {
  if ((from && from.prefix !== serial.prefix) || (to && to.prefix !== serial.prefix)) {
    return 'unknown';
  }
  if (from && serial.number < from.number) return 'out';
  if (to && serial.number > to.number) return 'out';
  return 'in';
}
