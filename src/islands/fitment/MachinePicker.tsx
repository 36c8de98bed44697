import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { FleetMachine } from '../../../shared/fitment/fleet.ts';
import {
  fetchBrandModels,
  fetchMachine,
  fetchMachineBrands,
  type MachineBrand,
  type MachineModel,
} from '../../lib/fitment/machines-api.ts';
import { saveMachine } from '../../stores/fleet.ts';
import { PlateFields, serialError } from './PlateFields.tsx';
import './fitment.css';

/** What went wrong loading a list, for the line under the selects. */
const LOAD_FAILED = 'The machines could not be loaded. Check your connection and try again.';

interface Props {
  /** The form's heading; none where the page's own heading names it (the product page). */
  heading?: string;
  /** The button's words: 'Show parts' where saving goes on to the machine's parts. */
  submitLabel?: string;
  /** Called with the machine once it is saved and chosen. */
  onSaved?: (machine: FleetMachine) => void;
  /** Puts the focus on the brand as the form opens (it replaced the button pressed). */
  autoFocus?: boolean;
}

type Load<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; items: T[] };

/**
 * Find parts for your machine (issue 31, item 6): brand, then model, then the serial on the
 * data plate if the shopper has it, and a nickname; saving adds the machine to the fleet and
 * chooses it, which the badges and the lists follow.
 */
export function MachinePicker({
  heading,
  submitLabel = 'Save machine',
  onSaved,
  autoFocus,
}: Props) {
  const id = useId();
  const [brands, setBrands] = useState<Load<MachineBrand>>({ kind: 'loading' });
  const [brand, setBrand] = useState('');
  const [models, setModels] = useState<Load<MachineModel> | undefined>();
  const [model, setModel] = useState('');
  const [serial, setSerial] = useState('');
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const brandSelect = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    const stop = new AbortController();
    fetchMachineBrands(stop.signal)
      .then((items) => setBrands({ kind: 'ready', items }))
      .catch(() => {
        if (!stop.signal.aborted) setBrands({ kind: 'failed' });
      });
    return () => stop.abort();
  }, [attempt]);

  // The brand takes the focus once it can (a select is disabled while its brands load).
  useEffect(() => {
    if (autoFocus && brands.kind === 'ready') brandSelect.current?.focus();
  }, [autoFocus, brands.kind]);

  useEffect(() => {
    setModel('');
    if (!brand) return setModels(undefined);
    const stop = new AbortController();
    setModels({ kind: 'loading' });
    fetchBrandModels(brand, stop.signal)
      .then((items) => setModels({ kind: 'ready', items }))
      .catch(() => {
        if (!stop.signal.aborted) setModels({ kind: 'failed' });
      });
    return () => stop.abort();
  }, [brand, attempt]);

  const chosen =
    models?.kind === 'ready' ? models.items.find((m) => m.handle === model) : undefined;
  const failed = brands.kind === 'failed' || models?.kind === 'failed';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setError('Choose the brand and the model of your machine.');
    setBusy(true);
    setError('');
    try {
      const detail = serial.trim()
        ? await fetchMachine(chosen.brandHandle, chosen.handle, new AbortController().signal)
        : undefined;
      if (detail === 'gone') return setError('That model is no longer in the catalogue.');
      // A serial is checked against its brand's way of writing them before it is kept.
      // (A saved machine is chosen at once; the save is one store write, so a second
      // press while the first reads the model changes nothing: the same machine is one.)
      const format = detail?.serialFormat;
      const wrong = format ? serialError(serial, chosen.brand, format) : '';
      if (wrong) return setError(wrong);
      const machine: FleetMachine = {
        brand: chosen.brand,
        brandHandle: chosen.brandHandle,
        model: chosen.code,
        modelHandle: chosen.handle,
        serial: serial.trim(),
        nickname: nickname.trim(),
      };
      saveMachine(machine);
      onSaved?.(machine);
    } catch {
      setError(LOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="mp"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={heading ? `${id}-h` : undefined}
      aria-label={heading ? undefined : 'Your machine'}
      noValidate
    >
      {heading && (
        <h2 className="mp-heading" id={`${id}-h`}>
          {heading}
        </h2>
      )}
      <div className="mp-fields">
        <label className="mp-field">
          <span>Brand</span>
          <select
            ref={brandSelect}
            value={brand}
            disabled={brands.kind !== 'ready'}
            onChange={(event) => setBrand(event.target.value)}
          >
            <option value="">
              {brands.kind === 'loading' ? 'Loading brands…' : 'Choose a brand'}
            </option>
            {brands.kind === 'ready' &&
              brands.items.map((item) => (
                <option key={item.handle} value={item.handle}>
                  {item.name}
                </option>
              ))}
          </select>
        </label>
        <label className="mp-field">
          <span>Model</span>
          <select
            value={model}
            disabled={models?.kind !== 'ready'}
            onChange={(event) => setModel(event.target.value)}
          >
            <option value="">
              {models?.kind === 'loading' ? 'Loading models…' : 'Choose a model'}
            </option>
            {models?.kind === 'ready' &&
              models.items.map((item) => (
                <option key={item.handle} value={item.handle}>
                  {item.code} ({item.name})
                </option>
              ))}
          </select>
        </label>
        <PlateFields
          serial={serial}
          nickname={nickname}
          onSerial={setSerial}
          onNickname={setNickname}
          serialHint={`${id}-serial`}
        />
        <button className="mp-submit" type="submit" disabled={busy || !chosen} aria-busy={busy}>
          {submitLabel}
        </button>
      </div>
      <p className="mp-hint" id={`${id}-serial`}>
        The serial number is on the machine&apos;s data plate: it tells apart parts that changed
        during a model&apos;s years.
      </p>
      <p className="mp-error" role="alert">
        {error || (failed ? LOAD_FAILED : '')}
        {failed && (
          <button type="button" className="mp-retry" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        )}
      </p>
    </form>
  );
}
