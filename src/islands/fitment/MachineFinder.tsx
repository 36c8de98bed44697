import { useState } from 'react';
import { machineLabel, machineName } from '../../../shared/fitment/fleet.ts';
import { $activeMachine } from '../../stores/fleet.ts';
import { useHydratingStore, withErrorBoundary } from '../shared/index.ts';
import { MachinePicker } from './MachinePicker.tsx';
import { machinePath, myMachinesPath } from '../../lib/fitment/machine-path.ts';
import './fitment.css';

interface Props {
  heading: string;
  /** The machine pages' base (theme.paths.machineBase): a model's page, My machines. */
  machineBase: string;
  /**
   * Saving goes on to the machine's page (the home page); otherwise the page's own list
   * follows the chosen machine (a collection page).
   */
  goToParts?: boolean;
  /**
   * One line with a button until the shopper opens the selector (a collection page, where
   * the products come first); a chosen machine takes the same line, so nothing below moves.
   */
  folded?: boolean;
}

/**
 * Find parts for your machine (issue 31, item 6) on the home and collection pages: the
 * selector, or the chosen machine with a way to change it.
 */
function MachineFinder({ heading, machineBase, goToParts = false, folded = false }: Props) {
  const machine = useHydratingStore($activeMachine, undefined);
  const [changing, setChanging] = useState(false);
  if (folded && !machine && !changing) {
    return (
      <section className="mf" aria-label={heading}>
        <p className="mf-line">
          <span>{heading}: brand, model and serial number.</span>
          <button type="button" className="mf-change" onClick={() => setChanging(true)}>
            Choose your machine
          </button>
        </p>
      </section>
    );
  }
  if (machine && !changing) {
    return (
      <section className="mf" aria-label={heading}>
        <p className="mf-line">
          <span>
            Your machine: <strong>{machineName(machine)}</strong>
            {machine.nickname && ` (${machineLabel(machine)})`}
            {machine.serial && `, serial ${machine.serial}`}
          </span>
          <a
            className="mf-parts"
            href={machinePath(machineBase, machine.brandHandle, machine.modelHandle)}
          >
            All its parts
          </a>
          <button type="button" className="mf-change" onClick={() => setChanging(true)}>
            Change machine
          </button>
          <a className="mf-parts" href={myMachinesPath(machineBase)}>
            My machines
          </a>
        </p>
      </section>
    );
  }
  return (
    <MachinePicker
      heading={heading}
      autoFocus={changing}
      submitLabel={goToParts ? 'Show parts' : 'Save machine'}
      onSaved={(saved) => {
        setChanging(false);
        if (goToParts) {
          window.location.assign(machinePath(machineBase, saved.brandHandle, saved.modelHandle));
        }
      }}
    />
  );
}

export default withErrorBoundary(MachineFinder);
