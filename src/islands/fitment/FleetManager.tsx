import { useEffect, useState } from 'react';
import {
  EMPTY_FLEET,
  machineKey,
  machineLabel,
  machineName,
  type FleetMachine,
} from '../../../shared/fitment/fleet.ts';
import { fetchMachine } from '../../lib/fitment/machines-api.ts';
import { $fleet, chooseFleetMachine, forgetMachine } from '../../stores/fleet.ts';
import { singleClick, useHydratingStore, withErrorBoundary } from '../shared/index.ts';
import { MachinePicker } from './MachinePicker.tsx';
import { machinePath } from '../../lib/fitment/machine-path.ts';
import './fitment.css';

interface Props {
  /** The machine pages' base (theme.paths.machineBase). */
  machineBase: string;
}

/**
 * My machines (issue 31, item 8): the shopper's fleet, the chosen one marked, each to choose,
 * to list the parts of or to forget, a machine whose model the store no longer has said so
 * (and kept: the shopper decides), and the selector to add one.
 */
function FleetManager({ machineBase }: Props) {
  const fleet = useHydratingStore($fleet, EMPTY_FLEET);
  const gone = useGoneModels(fleet.machines);
  return (
    <div className="fm">
      {fleet.machines.length === 0 ? (
        <p className="fm-empty">
          No machines yet. Add the machines you buy parts for: the store then shows which parts fit
          them.
        </p>
      ) : (
        <ul className="fm-list" aria-label="Your machines">
          {fleet.machines.map((machine, index) => {
            const name = machineName(machine);
            const chosen = index === fleet.active;
            return (
              <li key={machineKey(machine)} className={chosen ? 'fm-item fm-chosen' : 'fm-item'}>
                <p className="fm-name">
                  <strong>{name}</strong>
                  {machine.nickname && <span>{machineLabel(machine)}</span>}
                  {machine.serial && <span>Serial {machine.serial}</span>}
                  {gone.has(modelOf(machine)) && (
                    <span className="fm-gone">No longer in the catalogue</span>
                  )}
                </p>
                <p className="fm-actions">
                  {chosen ? (
                    <span className="fm-mark">Chosen</span>
                  ) : (
                    <button
                      type="button"
                      className="fc-change"
                      aria-label={`Choose ${name}`}
                      onClick={() => chooseFleetMachine(index)}
                    >
                      Choose
                    </button>
                  )}
                  {/* A model the store no longer has has no page to go to. */}
                  {!gone.has(modelOf(machine)) && (
                    <a href={machinePath(machineBase, machine.brandHandle, machine.modelHandle)}>
                      Its parts
                    </a>
                  )}
                  <button
                    type="button"
                    className="fm-forget"
                    aria-label={`Forget ${name}`}
                    onClick={singleClick(() => forgetMachine(index))}
                  >
                    Forget
                  </button>
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {fleet.active !== null && (
        <button type="button" className="fc-change" onClick={() => chooseFleetMachine(null)}>
          Choose no machine
        </button>
      )}
      <MachinePicker heading="Add a machine" />
    </div>
  );
}

/** The model a machine is of, as 'brand/model' handles. */
const modelOf = (machine: FleetMachine) => `${machine.brandHandle}/${machine.modelHandle}`;

/**
 * The models the store no longer has (issue 31: 'a fleet entry whose model was deleted: kept,
 * marked no longer in the catalogue'), as 'brand/model'; a model that cannot be read now is
 * not called gone.
 */
function useGoneModels(machines: readonly FleetMachine[]): ReadonlySet<string> {
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  // The models asked about, not the list's identity: a new nickname asks nothing again.
  const models = [...new Set(machines.map(modelOf))].join(' ');
  useEffect(() => {
    const stop = new AbortController();
    const asked = models ? models.split(' ') : [];
    void Promise.all(
      asked.map((model) => {
        const [brand = '', handle = ''] = model.split('/');
        return fetchMachine(brand, handle, stop.signal).then(
          (detail) => (detail === 'gone' ? model : undefined),
          () => undefined,
        );
      }),
    ).then((answers) => {
      if (!stop.signal.aborted) setGone(new Set(answers.filter((model) => model !== undefined)));
    });
    return () => stop.abort();
  }, [models]);
  return gone;
}

export default withErrorBoundary(FleetManager);
