import { parseSerial, serialPlace, type SerialFormat } from './serial.ts';

/**
 * Whether a part fits a shopper's machine (issue 31), decided the same way by the API's
 * `fits=` filter and by the badge in the browser: fits, does not fit, check the serial
 * number, or unknown. Unknown is never shown as fits, and a serial outside every range is
 * 'check', not 'does not fit': ranges in parts manuals are incomplete more often than wrong.
 */

/** One fitment row of a product: a model, an optional serial range (either end open). */
export interface FitmentRow {
  modelId: number;
  /** First serial the part applies to, inclusive; null: from the first one built. */
  serialFrom: string | null;
  /** Last serial the part applies to, inclusive; null: to the last one. */
  serialTo: string | null;
}

/** What the store knows of a product's fitment. */
export interface ProductFitment {
  /** Fits every machine of its kind (a charger's plug, a grease): no rows needed. */
  universal: boolean;
  rows: readonly FitmentRow[];
}

/** The shopper's machine: its model and, when they gave it, the serial on its data plate. */
export interface Machine {
  modelId: number;
  serial?: string | undefined;
}

/** The answer for one product and one machine. */
export type FitVerdict<Row extends FitmentRow = FitmentRow> =
  /** The rows that apply (their positions and quantities), none for a universal part. */
  | { kind: 'fits'; rows: Row[] }
  | { kind: 'does-not-fit' }
  /** The part fits some serials of the model: the rows say which. */
  | { kind: 'check'; rows: Row[] }
  /** No fitment data: the page offers the question form, never a guess. */
  | { kind: 'unknown' };

/**
 * The verdict for `machine`, serials read through its brand's `format`.
 * @example fitVerdict({ universal: false, rows: [{ modelId: 7, serialFrom: 'SZ100', serialTo: null }] },
 *   { modelId: 7, serial: 'SZ150' }) // { kind: 'fits', rows: [that row] }
 */
export function fitVerdict<Row extends FitmentRow>(
  fitment: { universal: boolean; rows: readonly Row[] } | undefined,
  machine: Machine,
  format?: SerialFormat,
): FitVerdict<Row> {
  if (fitment === undefined) return { kind: 'unknown' };
  if (fitment.universal) return { kind: 'fits', rows: [] };
  if (fitment.rows.length === 0) return { kind: 'unknown' };
  const forModel = fitment.rows.filter((row) => row.modelId === machine.modelId);
  if (forModel.length === 0) return { kind: 'does-not-fit' };
  const whole = forModel.filter((row) => row.serialFrom === null && row.serialTo === null);
  if (whole.length > 0) return { kind: 'fits', rows: whole };
  const serial = machine.serial === undefined ? null : parseSerial(machine.serial, format);
  if (serial === null) return { kind: 'check', rows: forModel };
  const within = forModel.filter((row) => {
    const from = row.serialFrom === null ? null : parseSerial(row.serialFrom, format);
    const to = row.serialTo === null ? null : parseSerial(row.serialTo, format);
    // A bound the format cannot read is a data error: it decides nothing.
    if ((row.serialFrom !== null && from === null) || (row.serialTo !== null && to === null)) {
      return false;
    }
    return serialPlace(serial, from, to) === 'in';
  });
  return within.length > 0 ? { kind: 'fits', rows: within } : { kind: 'check', rows: forModel };
}

/**
 * A row's serial range as the badge words it.
 * @example rangeText({ serialFrom: 'SZ123456', serialTo: null }) // 'from SZ123456 on'
 */
export function rangeText({ serialFrom, serialTo }: Pick<FitmentRow, 'serialFrom' | 'serialTo'>) {
  if (serialFrom !== null && serialTo !== null) return `from ${serialFrom} to ${serialTo}`;
  if (serialFrom !== null) return `from ${serialFrom} on`;
  if (serialTo !== null) return `up to ${serialTo}`;
  return 'every serial number';
}
