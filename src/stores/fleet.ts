import { persistentAtom } from '@nanostores/persistent';
import { computed, type ReadableAtom } from 'nanostores';
import {
  activeMachine,
  addMachine,
  chooseMachine,
  EMPTY_FLEET,
  FLEET_KEY,
  parseFleet,
  removeMachine,
  serializeFleet,
  type Fleet,
  type FleetMachine,
} from '../../shared/fitment/fleet.ts';

// My fleet (issue 31, item 8), a guest's in local storage under FLEET_KEY; `listen: true`
// (the default) keeps every tab's copy in step through the storage event. A signed-in
// customer's is the account's, merged with this one on sign-in (lib/fitment/fleet.ts).
const $store = persistentAtom<Fleet>(FLEET_KEY, EMPTY_FLEET, {
  encode: serializeFleet,
  decode: parseFleet,
});

/** The shopper's machines, newest first, and the chosen one. */
export const $fleet: ReadableAtom<Fleet> = $store;

/** The chosen machine, or undefined: what badges and the `fits=` filter read. */
export const $activeMachine: ReadableAtom<FleetMachine | undefined> = computed(
  $store,
  activeMachine,
);

/** Adds a machine (or renames the same model and serial) and chooses it. */
export function saveMachine(machine: FleetMachine): void {
  $store.set(addMachine($store.get(), machine));
}

/** Forgets the machine at `index`. */
export function forgetMachine(index: number): void {
  $store.set(removeMachine($store.get(), index));
}

/** Chooses the machine at `index`, or none (null): the lists stop filtering by it. */
export function chooseFleetMachine(index: number | null): void {
  $store.set(chooseMachine($store.get(), index));
}
