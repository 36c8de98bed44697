/**
 * My fleet (issue 31, item 8): the machines a shopper keeps, each a model with an optional
 * serial and a nickname, and the one chosen now. A guest's is kept in the browser under
 * FLEET_KEY; a signed-in customer's in the account, merged with the browser's on sign-in.
 *
 * Read by hand, without a schema library: the browser's islands share one build of zod's
 * schema classes, and every kind of check any island uses grows the product page's share
 * (tests/e2e/budget.spec.ts). The server checks a PUT with the same reader.
 */

export { FLEET_KEY } from './fleet-key.ts';
/** Most machines one fleet keeps (a site with more has a fleet manager, not a list). */
export const FLEET_MAX = 20;

/** One machine of a fleet. */
export interface FleetMachine {
  brand: string;
  brandHandle: string;
  /** The model's code, as its data plate prints it ('PTH50'). */
  model: string;
  modelHandle: string;
  /** The serial on the data plate, as typed; '' when not given. */
  serial: string;
  /** The shopper's own name for it ('Dock 3 jack'); '' for none. */
  nickname: string;
}

const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A text field, trimmed, within `max` characters; `required`: not empty. */
function textOf(value: unknown, max: number, required: boolean): string | undefined {
  if (value === undefined && !required) return '';
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text.length > max || (required && text === '') ? undefined : text;
}

const handleOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length <= 100 && HANDLE.test(value) ? value : undefined;

/**
 * One machine as stored or sent, or undefined when it does not read: a brand and model
 * (1 to 100 and 1 to 60 characters), their handles, and an optional serial (64) and
 * nickname (60), trimmed.
 * @example readMachine({ brand: 'Crown', brandHandle: 'crown', model: 'PTH50', modelHandle: 'pth50' })?.serial // ''
 */
export function readMachine(raw: unknown): FleetMachine | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const fields = raw as Record<string, unknown>;
  const machine = {
    brand: textOf(fields['brand'], 100, true),
    brandHandle: handleOf(fields['brandHandle']),
    model: textOf(fields['model'], 60, true),
    modelHandle: handleOf(fields['modelHandle']),
    serial: textOf(fields['serial'], 64, false),
    nickname: textOf(fields['nickname'], 60, false),
  };
  return Object.values(machine).every((value) => value !== undefined)
    ? (machine as FleetMachine)
    : undefined;
}

/** A fleet: its machines, newest first, and the chosen one by its place in the list. */
export interface Fleet {
  machines: FleetMachine[];
  /** The index of the chosen machine, or null for none. */
  active: number | null;
}

export const EMPTY_FLEET: Fleet = { machines: [], active: null };

/** One machine's key: the same model and serial are one machine, whatever its nickname. */
export const machineKey = (machine: Pick<FleetMachine, 'brandHandle' | 'modelHandle' | 'serial'>) =>
  `${machine.brandHandle}/${machine.modelHandle}/${machine.serial.toUpperCase()}`;

/**
 * A stored fleet, or the empty one for anything that is not one: a machine that does not
 * read is dropped, the others kept, and a choice past the list is no choice.
 */
export function parseFleet(raw: string | undefined): Fleet {
  if (!raw) return EMPTY_FLEET;
  try {
    return readFleet(JSON.parse(raw));
  } catch {
    return EMPTY_FLEET;
  }
}

/** A fleet from parsed JSON (an account's reply), read as parseFleet reads a stored one. */
export function readFleet(json: unknown): Fleet {
  const stored = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const listed = stored['machines'];
  if (!Array.isArray(listed) || listed.length > FLEET_MAX * 2) return EMPTY_FLEET;
  const machines: FleetMachine[] = [];
  for (const item of listed) {
    const machine = readMachine(item);
    if (machine && !machines.some((m) => machineKey(m) === machineKey(machine))) {
      machines.push(machine);
    }
  }
  const kept = machines.slice(0, FLEET_MAX);
  const active = stored['active'];
  const chosen =
    typeof active === 'number' && Number.isInteger(active) && active >= 0 && active < kept.length;
  return { machines: kept, active: chosen ? active : null };
}

export const serializeFleet = (fleet: Fleet): string => JSON.stringify(fleet);

/**
 * The fleet with `machine` added first and chosen; the same model and serial again replaces
 * the one there (a new nickname). Past FLEET_MAX the oldest goes.
 */
export function addMachine(fleet: Fleet, machine: FleetMachine): Fleet {
  const key = machineKey(machine);
  const others = fleet.machines.filter((m) => machineKey(m) !== key);
  return { machines: [machine, ...others].slice(0, FLEET_MAX), active: 0 };
}

/** The fleet without the machine at `index`; the choice follows its machine, or goes. */
export function removeMachine(fleet: Fleet, index: number): Fleet {
  if (index < 0 || index >= fleet.machines.length) return fleet;
  const machines = fleet.machines.filter((_, at) => at !== index);
  const { active } = fleet;
  const next = active === null || active === index ? null : active > index ? active - 1 : active;
  return { machines, active: next };
}

/** The fleet with the machine at `index` chosen, or none (null). */
export function chooseMachine(fleet: Fleet, index: number | null): Fleet {
  if (index !== null && (index < 0 || index >= fleet.machines.length)) return fleet;
  return { ...fleet, active: index };
}

/**
 * The account's fleet with the browser's machines it lacks after it (sign-in): nothing a
 * guest saved is lost, nothing is twice. The browser's choice wins when it made one.
 */
export function mergeFleets(account: Fleet, browser: Fleet): Fleet {
  const keys = new Set(account.machines.map(machineKey));
  const machines = [
    ...account.machines,
    ...browser.machines.filter((machine) => !keys.has(machineKey(machine))),
  ].slice(0, FLEET_MAX);
  const chosen = browser.active === null ? undefined : browser.machines[browser.active];
  const fromBrowser = chosen ? machines.findIndex((m) => machineKey(m) === machineKey(chosen)) : -1;
  const active = fromBrowser >= 0 ? fromBrowser : account.active;
  return { machines, active: active !== null && active < machines.length ? active : null };
}

/** The chosen machine, or undefined. */
export const activeMachine = (fleet: Fleet): FleetMachine | undefined =>
  fleet.active === null ? undefined : fleet.machines[fleet.active];

/** How badges name the shopper's machine: 'Crown PTH50' (My machines shows the nickname). */
export const machineLabel = (machine: Pick<FleetMachine, 'brand' | 'model'>): string =>
  `${machine.brand} ${machine.model}`;

/**
 * How the shopper's own lists name a machine: its nickname, else its label.
 * @example machineName({ brand: 'Crown', model: 'PTH50', nickname: '' }) // 'Crown PTH50'
 */
export const machineName = (machine: Pick<FleetMachine, 'brand' | 'model' | 'nickname'>): string =>
  machine.nickname || machineLabel(machine);
