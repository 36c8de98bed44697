import type { CardFit } from '../../../shared/contracts/product-card.ts';
import { machineLabel, type FleetMachine } from '../../../shared/fitment/fleet.ts';
import { rangeText } from '../../../shared/fitment/verdict.ts';
import type { ListMachine } from './filter-reply.ts';
import { parseFits, parseSerialParam, type SearchParams } from './search-params.ts';

/**
 * The results list under the shopper's chosen machine (issue 31, items 8 and 9): the `fits`
 * filter a machine asks for, its chip, and each card's badge. Pure, so the words are tested
 * without React (the product page's own badge is src/lib/fitment/badge.ts, with the same
 * words).
 */

/** The list's machine filter: 'brand/model' handles and the serial, '' and '' for none. */
export interface FitsFilter {
  fits: string;
  serial: string;
}

/** The machine a list's chip and badges name: the reply's, with its code as the model. */
type Named = Pick<ListMachine, 'brand' | 'code'>;

/**
 * The filter a chosen machine asks for, read as the address would read it, so that it
 * compares equal to the list's own (a serial too long to send is dropped either way).
 * @example machineFits({ brandHandle: 'crown', modelHandle: 'pth50', serial: '', ... }) // { fits: 'crown/pth50', serial: '' }
 */
export function machineFits(machine: FleetMachine | undefined): FitsFilter {
  if (!machine) return { fits: '', serial: '' };
  const fits = parseFits(`${machine.brandHandle}/${machine.modelHandle}`);
  return { fits, serial: parseSerialParam(machine.serial, fits) };
}

/** Whether the list is narrowed to the chosen machine, model and serial both. */
export function isChosenMachine(
  params: Pick<SearchParams, 'fits' | 'serial'>,
  chosen: FleetMachine | undefined,
): boolean {
  const wanted = machineFits(chosen);
  return params.fits !== '' && wanted.fits === params.fits && wanted.serial === params.serial;
}

const handlesOf = (machine: Pick<ListMachine, 'brandHandle' | 'handle'>) =>
  `${machine.brandHandle}/${machine.handle}`;

/**
 * The machine chip's words: 'Fits: Crown PTH50', with ' · serial X' when a serial is set.
 * The name comes from the reply when it is for this machine, else from the chosen machine
 * when it is this one, else the address's handles (a shared link, before the reply).
 * @example fitsChipLabel({ fits: 'crown/pth50', serial: 'SZ1' }, undefined, undefined) // 'Fits: crown/pth50 · serial SZ1'
 */
export function fitsChipLabel(
  params: Pick<SearchParams, 'fits' | 'serial'>,
  listMachine: ListMachine | null | undefined,
  chosen: FleetMachine | undefined,
): string {
  let name = params.fits;
  if (listMachine && handlesOf(listMachine) === params.fits) {
    name = machineLabel({ brand: listMachine.brand, model: listMachine.code });
  } else if (chosen && machineFits(chosen).fits === params.fits) {
    name = machineLabel(chosen);
  }
  return `Fits: ${name}${params.serial ? ` · serial ${params.serial}` : ''}`;
}

/** A card's badge: its kind (the class it wears) and its words. */
export interface CardFitBadge {
  kind: 'fits' | 'check';
  text: string;
}

/**
 * The badge of a card in a `fits=` list (issue 31, item 9: "'Fits your Crown PTH50' ... or
 * 'Check the serial number: fits from SZ123456 on'"); undefined for a card without a
 * verdict. A `fits=` list holds no part that does not fit, so there is no third badge here.
 * `yours`: the list's machine is the shopper's chosen one; a model page's list is the model's,
 * whoever reads it ('Fits the Crown PTH50').
 * @example cardFitBadge({ verdict: 'fits', universal: true, rows: [] }, { brand: 'Crown', code: 'PTH50' }, true).text // 'Fits your Crown PTH50'
 */
export function cardFitBadge(
  fit: CardFit | null | undefined,
  machine: Named | null | undefined,
  yours: boolean,
): CardFitBadge | undefined {
  if (!fit) return undefined;
  if (fit.verdict === 'fits') {
    if (!machine) return { kind: 'fits', text: yours ? 'Fits your machine' : 'Fits this machine' };
    const name = machineLabel({ brand: machine.brand, model: machine.code });
    return { kind: 'fits', text: `Fits ${yours ? 'your' : 'the'} ${name}` };
  }
  const ranges = [...new Set(fit.rows.map((row) => rangeText(row)))];
  // The API sends 'check' with the rows that ask for it; without them there is no range to say.
  const which = ranges.length > 0 ? `: fits ${ranges.join(' or ')}` : '';
  return { kind: 'check', text: `Check the serial number${which}` };
}
