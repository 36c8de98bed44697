import type { ProductFitment } from '../../../shared/contracts/product-record.ts';
import { fitVerdict, rangeText } from '../../../shared/fitment/verdict.ts';
import type { SerialFormat } from '../../../shared/fitment/serial.ts';
import { machineLabel, type FleetMachine } from '../../../shared/fitment/fleet.ts';

/**
 * The badge on a product page and a card (issue 31, item 9), decided in the browser from the
 * product's fitment in the page and the shopper's chosen machine, so the page is the same for
 * every visitor: 'Fits your Crown PTH50', 'Does not fit your Yale MPB040', 'Check the serial
 * number: fits from SZ123456 on', or, without data, that the store does not know.
 */

export type BadgeKind = 'fits' | 'does-not-fit' | 'check' | 'unknown';

export interface Badge {
  kind: BadgeKind;
  text: string;
}

/** A fitment row as the page carries it for the badge: the model and the serials. */
export type CompactFitmentRow = Pick<
  ProductFitment['rows'][number],
  'brandHandle' | 'modelHandle' | 'serialFrom' | 'serialTo'
>;

/** A product's fitment as the page carries it (issue 31: 'a few KB at most'). */
export interface CompactFitment {
  universal: boolean;
  rows: CompactFitmentRow[];
}

/** The page's copy of a product's fitment: what the badge reads, nothing more. */
export const compactFitment = ({ universal, rows }: ProductFitment): CompactFitment => ({
  universal,
  rows: rows.map(({ brandHandle, modelHandle, serialFrom, serialTo }) => ({
    brandHandle,
    modelHandle,
    serialFrom,
    serialTo,
  })),
});

/** A brand's serial format as a page carries it (server/machines: pattern source, example). */
export interface PageSerialFormat {
  pattern: string;
  example: string;
}

/** A brand's format as the API sends it, read; undefined when this browser cannot read it. */
export function readSerialFormat(stored: PageSerialFormat): SerialFormat | undefined {
  try {
    return { pattern: new RegExp(stored.pattern), example: stored.example };
  } catch {
    return undefined;
  }
}

/** The format a page carries for the machine's brand, read once; undefined: the common one. */
function formatOf(
  formats: Readonly<Record<string, PageSerialFormat>>,
  brandHandle: string,
): SerialFormat | undefined {
  const stored = formats[brandHandle];
  if (!stored) return undefined;
  // A pattern this browser cannot read decides nothing: the serial reads as unreadable.
  return readSerialFormat(stored) ?? { pattern: /(?!)/, example: stored.example };
}

/**
 * The badge for `machine`. Rows match the machine by its brand's and model's handles (a
 * fleet outlives a model's id); `formats` are the brands' serial formats by brand handle.
 * @example badgeFor(fitment, { brand: 'Crown', model: 'PTH50', ... }, {}) // { kind: 'fits', text: 'Fits your Crown PTH50' }
 */
export function badgeFor(
  fitment: CompactFitment,
  machine: FleetMachine,
  formats: Readonly<Record<string, PageSerialFormat>> = {},
): Badge {
  const label = machineLabel(machine);
  const mine = (row: CompactFitmentRow) =>
    row.brandHandle === machine.brandHandle && row.modelHandle === machine.modelHandle;
  const rows = fitment.rows.map((row) => ({ ...row, modelId: mine(row) ? 1 : 0 }));
  const verdict = fitVerdict(
    { universal: fitment.universal, rows },
    { modelId: 1, serial: machine.serial || undefined },
    formatOf(formats, machine.brandHandle),
  );
  switch (verdict.kind) {
    case 'fits':
      return { kind: 'fits', text: `Fits your ${label}` };
    case 'does-not-fit':
      return { kind: 'does-not-fit', text: `Does not fit your ${label}` };
    case 'check': {
      const ranges = [...new Set(verdict.rows.map((row) => rangeText(row)))];
      return {
        kind: 'check',
        text: `Check the serial number: fits ${ranges.join(' or ')}`,
      };
    }
    case 'unknown':
      return { kind: 'unknown', text: `We do not know whether this part fits your ${label}` };
  }
}
