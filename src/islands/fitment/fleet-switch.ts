import { machineLabel, machineName, type Fleet } from '../../../shared/fitment/fleet.ts';
import { $fleet, chooseFleetMachine } from '../../stores/fleet.ts';

/**
 * The header's fleet switcher (issue 31, item 8; components/shell/FleetSwitch.astro), loaded
 * by its first opening: the shopper's machines as buttons, the chosen one pressed, and 'No
 * machine' first. A choice is the fleet store's, so every list and badge on the page follows
 * it (the results list filters by `fits=`), and other tabs through storage. A list of a few
 * buttons: plain DOM, no React on pages that have none at load.
 */
export function connectSwitch(panel: HTMLElement): void {
  const slot = panel.querySelector<HTMLElement>('[data-fleet-list]');
  if (!slot || panel.dataset['connected'] === 'true') return;
  panel.dataset['connected'] = 'true';
  $fleet.subscribe((fleet) => {
    slot.replaceChildren(
      drawChoices(fleet, (index) => {
        chooseFleetMachine(index);
        panel.hidePopover();
      }),
    );
  });
}

/** One button of the switcher. */
export interface SwitchChoice {
  /** The machine's index in the fleet, or null for no machine. */
  index: number | null;
  /** Its nickname, else brand and model; 'No machine' for none. */
  name: string;
  /** What else tells it apart: the model under a nickname, the serial. */
  detail: string;
  chosen: boolean;
}

/** The switcher's buttons for `fleet`: none for an empty fleet, else 'No machine' first. */
export function switchChoices(fleet: Fleet): SwitchChoice[] {
  if (fleet.machines.length === 0) return [];
  return [
    { index: null, name: 'No machine', detail: 'All parts', chosen: fleet.active === null },
    ...fleet.machines.map((machine, index) => ({
      index,
      name: machineName(machine),
      detail: [
        machine.nickname ? machineLabel(machine) : '',
        machine.serial ? `Serial ${machine.serial}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      chosen: index === fleet.active,
    })),
  ];
}

const EMPTY =
  'No machines yet. Add the machines you buy parts for: the store then shows which parts fit them.';

/** The choices as a list of buttons (text only: a nickname is the shopper's own words). */
function drawChoices(fleet: Fleet, choose: (index: number | null) => void): Node {
  const choices = switchChoices(fleet);
  if (choices.length === 0) {
    const empty = document.createElement('p');
    empty.textContent = EMPTY;
    return empty;
  }
  const list = document.createElement('ul');
  list.className = 'fs-list';
  list.setAttribute('aria-label', 'Choose a machine');
  for (const { index, name, detail, chosen } of choices) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'fs-choice';
    button.setAttribute('aria-pressed', String(chosen));
    const strong = document.createElement('strong');
    strong.textContent = name;
    button.append(strong);
    if (detail) {
      const small = document.createElement('span');
      small.textContent = detail;
      button.append(small);
    }
    button.addEventListener('click', () => choose(index));
    const item = document.createElement('li');
    item.append(button);
    list.append(item);
  }
  return list;
}
