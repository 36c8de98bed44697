import { useId, useState, type FormEvent } from 'react';
import { machineName, type FleetMachine } from '../../../shared/fitment/fleet.ts';
import type { PageSerialFormat } from '../../lib/fitment/badge.ts';
import { $activeMachine, saveMachine } from '../../stores/fleet.ts';
import { useHydratingStore, withErrorBoundary } from '../shared/index.ts';
import { PlateFields, serialError } from './PlateFields.tsx';
import './fitment.css';

interface Props {
  machine: Pick<FleetMachine, 'brand' | 'brandHandle' | 'model' | 'modelHandle'>;
  /** How the brand writes serials, from the page's model record. */
  format: PageSerialFormat;
}

/**
 * A model page's 'Save as my machine' (issue 31, items 7 and 8): the serial on the data plate
 * and a nickname, checked as the selector checks them; the saved machine is chosen, so the
 * lists and badges follow it. When it is the chosen machine already, the page says so.
 */
function ModelSave({ machine, format }: Props) {
  const id = useId();
  const chosen = useHydratingStore($activeMachine, undefined);
  const [serial, setSerial] = useState('');
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState('');
  const mine =
    chosen?.brandHandle === machine.brandHandle && chosen.modelHandle === machine.modelHandle;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = serialError(serial, machine.brand, format);
    setError(wrong);
    if (!wrong) saveMachine({ ...machine, serial: serial.trim(), nickname: nickname.trim() });
  };

  return (
    <form className="mp" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 className="mp-heading" id={`${id}-h`}>
        {mine ? 'Your machine' : 'Save as my machine'}
      </h2>
      {mine && (
        <p className="fc-line" role="status">
          <span className="fc-badge fc-fits">
            {machineName(chosen)}
            {chosen.serial && `, serial ${chosen.serial}`}
          </span>
        </p>
      )}
      <div className="mp-fields">
        <PlateFields
          serial={serial}
          nickname={nickname}
          onSerial={setSerial}
          onNickname={setNickname}
          serialExample={format.example}
        />
        <button className="mp-submit" type="submit">
          {mine ? 'Save again' : 'Save as my machine'}
        </button>
      </div>
      <p className="mp-error" role="alert">
        {error}
      </p>
    </form>
  );
}

export default withErrorBoundary(ModelSave);
