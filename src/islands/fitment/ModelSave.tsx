import { useId, useState, type FormEvent } from 'react';
import { parseSerial } from '../../../shared/fitment/serial.ts';
import { machineLabel, type FleetMachine } from '../../../shared/fitment/fleet.ts';
import { readSerialFormat, type PageSerialFormat } from '../../lib/fitment/badge.ts';
import { $activeMachine, saveMachine } from '../../stores/fleet.ts';
import { useHydratingStore, withErrorBoundary } from '../shared/index.ts';
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
    const readable = readSerialFormat(format);
    if (serial.trim() && readable && !parseSerial(serial, readable)) {
      setError(
        `That is not how ${machine.brand} writes a serial number: for example ${format.example}.`,
      );
      return;
    }
    setError('');
    saveMachine({ ...machine, serial: serial.trim(), nickname: nickname.trim() });
  };

  return (
    <form className="mp" onSubmit={submit} aria-labelledby={`${id}-h`} noValidate>
      <h2 className="mp-heading" id={`${id}-h`}>
        {mine ? 'Your machine' : 'Save as my machine'}
      </h2>
      {mine && (
        <p className="fc-line" role="status">
          <span className="fc-badge fc-fits">
            {chosen.nickname || machineLabel(chosen)}
            {chosen.serial && `, serial ${chosen.serial}`}
          </span>
        </p>
      )}
      <div className="mp-fields">
        <label className="mp-field">
          <span>Serial number (optional)</span>
          <input
            value={serial}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
            placeholder={format.example}
            onChange={(event) => setSerial(event.target.value)}
          />
        </label>
        <label className="mp-field">
          <span>Nickname (optional)</span>
          <input
            value={nickname}
            maxLength={60}
            placeholder="Dock 3 jack"
            onChange={(event) => setNickname(event.target.value)}
          />
        </label>
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
