import { parseSerial, type Serial, type SerialFormat } from '../../shared/fitment/serial.ts';

/**
 * The checks every fitment row goes through before it is stored, from the merchandiser API
 * and from a CSV import alike (issue 31, item 4): serials of the brand's format, a range that
 * runs forwards within one prefix, and no two rows of a product for one model and position
 * whose ranges overlap (one of them would be wrong, and the badge could not say which).
 */

/** A row as checked: its model, range and position. */
export interface RangeRow {
  modelId: number;
  serialFrom: string | null;
  serialTo: string | null;
  position: string;
}

/** A read range: null bounds are open. */
interface Range {
  from: Serial | null;
  to: Serial | null;
}

/** What is wrong with a row's range on its own, or undefined; `field` names the bound. */
export function rangeProblem(
  row: Pick<RangeRow, 'serialFrom' | 'serialTo'>,
  format: SerialFormat,
): { field: 'serialFrom' | 'serialTo'; message: string } | undefined {
  const read = readRange(row, format);
  if (read === 'serialFrom' || read === 'serialTo') {
    return {
      field: read,
      message: `${row[read] ?? ''} is not a serial number as this brand writes them (like ${format.example})`,
    };
  }
  const { from, to } = read;
  if (from && to && from.prefix !== to.prefix) {
    return {
      field: 'serialTo',
      message: `${to.text} has another prefix than ${from.text}: a range runs within one prefix`,
    };
  }
  if (from && to && from.number > to.number) {
    return {
      field: 'serialTo',
      message: `the range is reversed: ${to.text} comes before ${from.text}`,
    };
  }
  return undefined;
}

/** The range read through the format, or the name of the bound it cannot read. */
function readRange(
  row: Pick<RangeRow, 'serialFrom' | 'serialTo'>,
  format: SerialFormat,
): Range | 'serialFrom' | 'serialTo' {
  const from = row.serialFrom === null ? null : parseSerial(row.serialFrom, format);
  if (row.serialFrom !== null && from === null) return 'serialFrom';
  const to = row.serialTo === null ? null : parseSerial(row.serialTo, format);
  if (row.serialTo !== null && to === null) return 'serialTo';
  return { from, to };
}

/** Whether two readable ranges share a serial (other prefixes never do). */
function overlap(a: Range, b: Range): boolean {
  const prefix = (range: Range) => range.from?.prefix ?? range.to?.prefix;
  const [pa, pb] = [prefix(a), prefix(b)];
  if (pa !== undefined && pb !== undefined && pa !== pb) return false;
  const low = (range: Range) => range.from?.number ?? -Infinity;
  const high = (range: Range) => range.to?.number ?? Infinity;
  return Math.max(low(a), low(b)) <= Math.min(high(a), high(b));
}

/**
 * For each row of one product that overlaps an earlier row of the same model and position,
 * its index and the earlier one's. Rows whose ranges cannot be read are rangeProblem's.
 */
export function overlappingRows(
  rows: readonly RangeRow[],
  formatOf: (modelId: number) => SerialFormat,
): { index: number; earlier: number }[] {
  const found: { index: number; earlier: number }[] = [];
  const seen = new Map<string, { index: number; range: Range }[]>();
  rows.forEach((row, index) => {
    const range = readRange(row, formatOf(row.modelId));
    if (typeof range === 'string') return;
    const key = `${String(row.modelId)}\u0000${row.position.toLowerCase()}`;
    const before = seen.get(key) ?? [];
    const clash = before.find((other) => overlap(other.range, range));
    if (clash) found.push({ index, earlier: clash.index });
    seen.set(key, [...before, { index, range }]);
  });
  return found;
}
