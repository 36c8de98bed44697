import { persistentAtom } from '@nanostores/persistent';
import { computed, onMount, type ReadableAtom, type WritableAtom } from 'nanostores';
import {
  activeMachine,
  addMachine,
  chooseMachine,
  EMPTY_FLEET,
  FLEET_KEY,
  mergeFleets,
  parseFleet,
  readFleet,
  removeMachine,
  serializeFleet,
  type Fleet,
  type FleetMachine,
} from '../../shared/fitment/fleet.ts';
import { FLEET_EVENT } from '../../shared/fitment/fleet-key.ts';
import type { RequestJson } from '../lib/api/client.ts';
import { signedIn } from './account.ts';

// My fleet (issue 31, item 8), a guest's in local storage under FLEET_KEY; `listen: true`
// (the default) keeps every tab's copy in step through the storage event. A signed-in
// customer's is also the account's: see createFleetAccount.
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

/** What the account's side of the fleet needs; tests pass fakes. */
export interface FleetAccountDeps {
  request: RequestJson;
  /** true signed in, false a guest, undefined when the user call failed. */
  signedIn: () => Promise<boolean | undefined>;
  log: (message: string, error: unknown) => void;
}

/** The account's side of a fleet store. */
export interface FleetAccount {
  /** Once per page: a signed-in customer's fleet merged with this browser's, saved to both. */
  link(): Promise<void>;
  /** Saves the fleet to the account after a change this page made, once linked. */
  changed(): void;
}

/**
 * Keeps the fleet with a signed-in customer's account (GET and PUT /api/customer/fleet):
 * the first time a page uses the fleet, the account's and the browser's are merged
 * (shared/fitment/fleet.ts mergeFleets: nothing a guest saved is lost, nothing is there
 * twice) and each side gets the result; each later change this page makes is saved whole.
 * Saves go one at a time, the newest fleet last. A failure is logged and the browser's copy
 * kept: the fleet is a convenience, never a reason for an error on the page.
 */
export function createFleetAccount(
  store: WritableAtom<Fleet>,
  deps: FleetAccountDeps,
): FleetAccount {
  let linking: Promise<void> | undefined;
  let linked = false;
  let saving: Promise<void> | undefined;
  let again = false;

  const put = async (fleet: Fleet) => {
    const reply = await deps.request('PUT', '/api/customer/fleet', { body: { fleet } });
    if (!reply.ok) throw new Error(`PUT /api/customer/fleet answered ${String(reply.status)}`);
  };

  const save = () => {
    if (saving) {
      again = true;
      return;
    }
    saving = (async () => {
      do {
        again = false;
        await put(store.get());
      } while (again);
    })()
      .catch((error: unknown) => {
        deps.log('[fleet] could not save the fleet to the account:', error);
      })
      .finally(() => {
        saving = undefined;
      });
  };

  const link = async () => {
    if ((await deps.signedIn()) !== true) return;
    const reply = await deps.request('GET', '/api/customer/fleet');
    if (!reply.ok || !reply.readable) {
      throw new Error(`GET /api/customer/fleet answered ${String(reply.status)}`);
    }
    const account = readFleet((reply.body as { fleet?: unknown } | undefined)?.fleet);
    const merged = mergeFleets(account, store.get());
    store.set(merged);
    linked = true;
    if (serializeFleet(merged) !== serializeFleet(account)) save();
  };

  return {
    link: () =>
      (linking ??= link().catch((error: unknown) => {
        deps.log('[fleet] could not read the account’s fleet:', error);
      })),
    changed: () => {
      if (linked) save();
    },
  };
}

const account = createFleetAccount($store, {
  request: async (...call) => (await import('../lib/api/client.ts')).requestJson(...call),
  signedIn,
  log: (message, error) => console.warn(message, error),
});

onMount($store, () => {
  if (typeof window === 'undefined') return;
  void account.link();
  // The header's switcher (components/shell/FleetSwitch.astro) names the chosen machine from
  // storage, without this module: each change this page makes tells it to read again, as the
  // storage event tells other tabs. The listener keeps the store mounted for the page's life.
  $store.listen(() => dispatchEvent(new Event(FLEET_EVENT)));
});

/** Changes the fleet and saves it to the account when the shopper is signed in. */
function update(next: Fleet): void {
  $store.set(next);
  account.changed();
}

/** Adds a machine (or renames the same model and serial) and chooses it. */
export function saveMachine(machine: FleetMachine): void {
  update(addMachine($store.get(), machine));
}

/** Forgets the machine at `index`. */
export function forgetMachine(index: number): void {
  update(removeMachine($store.get(), index));
}

/** Chooses the machine at `index`, or none (null): the lists stop filtering by it. */
export function chooseFleetMachine(index: number | null): void {
  update(chooseMachine($store.get(), index));
}
