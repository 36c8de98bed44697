import { persistentAtom } from '@nanostores/persistent';
import type { ReadableAtom } from 'nanostores';
import { readMachine, type FleetMachine } from '../../shared/fitment/fleet.ts';

/**
 * The machine each cart line was chosen for (issue 31, item 10: 'cart lines remember the
 * machine they were chosen for'), by the line's inventory level, kept in the browser beside
 * the cart it describes. Read leniently: an entry that does not read is dropped.
 */
export type LineMachines = Readonly<Record<string, FleetMachine>>;

/** The local storage key. */
export const LINE_MACHINES_KEY = 'cart-machines';
/** Most lines remembered: a cart longer than this is a quote, not a basket. */
const MAX_LINES = 200;

export function parseLineMachines(raw: string | undefined): LineMachines {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '{}');
  } catch {
    return {};
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return {};
  const kept: Record<string, FleetMachine> = {};
  for (const [level, value] of Object.entries(json).slice(0, MAX_LINES)) {
    const machine = readMachine(value);
    if (/^\d{1,12}$/.test(level) && machine) kept[level] = machine;
  }
  return kept;
}

const $store = persistentAtom<LineMachines>(
  LINE_MACHINES_KEY,
  {},
  { encode: JSON.stringify, decode: parseLineMachines },
);

export const $lineMachines: ReadableAtom<LineMachines> = $store;

/** Remembers that the line of `inventoryLevelId` was chosen for `machine`. */
export function rememberLineMachine(inventoryLevelId: number, machine: FleetMachine): void {
  $store.set({ ...$store.get(), [String(inventoryLevelId)]: machine });
}

/** Forgets the lines no longer in the cart (the cart's levels, once it has loaded). */
export function keepLineMachines(inCart: readonly number[]): void {
  const levels = new Set(inCart.map(String));
  const current = $store.get();
  const kept = Object.fromEntries(Object.entries(current).filter(([level]) => levels.has(level)));
  if (Object.keys(kept).length !== Object.keys(current).length) $store.set(kept);
}
