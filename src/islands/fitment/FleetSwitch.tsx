import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { machineKey, machineLabel, type FleetMachine } from '../../../shared/fitment/fleet.ts';
import { $fleet, chooseFleetMachine } from '../../stores/fleet.ts';
import './fitment.css';

interface Props {
  /** My machines, where the fleet is managed (the header link's address). */
  managePath: string;
}

/** A machine's name as the header shows it: its nickname, else brand and model. */
const nameOf = (machine: FleetMachine) => machine.nickname || machineLabel(machine);

/**
 * The header's fleet switcher (issue 31, item 8): the machine the store shops for, and a
 * panel to choose another of the shopper's machines or none; the results lists and badges
 * follow the choice (src/stores/fleet.ts $activeMachine). It mounts open, on the shopper's
 * first press of the header's link. Escape, a press outside or a choice closes it, and the
 * focus returns to its button.
 */
export function FleetSwitch({ managePath }: Props) {
  const fleet = useStore($fleet);
  const [open, setOpen] = useState(true);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const chosen = fleet.active === null ? undefined : fleet.machines[fleet.active];

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) toggle.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    // The chosen machine's button, else the first: where a keyboard user starts.
    const panel = root.current?.querySelector<HTMLElement>('[aria-pressed="true"], .fs-choice');
    panel?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const choose = (index: number | null) => {
    chooseFleetMachine(index);
    close(true);
  };

  return (
    <div className="fs" ref={root}>
      <button
        type="button"
        className="fs-toggle"
        ref={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {chosen ? `Parts for: ${nameOf(chosen)}` : 'My machines'}
      </button>
      <div className="fs-panel" id={panelId} hidden={!open}>
        <p className="fs-title" id={`${panelId}-title`}>
          Shop parts for
        </p>
        <ul aria-labelledby={`${panelId}-title`}>
          {fleet.machines.map((machine, index) => (
            <li key={machineKey(machine)}>
              <button
                type="button"
                className="fs-choice"
                aria-pressed={index === fleet.active}
                onClick={() => choose(index)}
              >
                <strong>{nameOf(machine)}</strong>
                {(machine.nickname || machine.serial) && (
                  <span>
                    {[
                      machine.nickname && machineLabel(machine),
                      machine.serial && `Serial ${machine.serial}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                )}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="fs-choice"
              aria-pressed={fleet.active === null}
              onClick={() => choose(null)}
            >
              <strong>No machine</strong>
              <span>Every part, without the fit filter</span>
            </button>
          </li>
        </ul>
        <a className="fs-manage" href={managePath}>
          Manage my machines
        </a>
      </div>
    </div>
  );
}
