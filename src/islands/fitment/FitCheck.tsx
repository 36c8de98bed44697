import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { machineLabel, type FleetMachine } from '../../../shared/fitment/fleet.ts';
import { badgeFor, type CompactFitment, type PageSerialFormat } from '../../lib/fitment/badge.ts';
import { fetchMachine } from '../../lib/fitment/machines-api.ts';
import type { CartState } from '../../lib/cart/checkout.ts';
import { $cart } from '../../stores/cart.ts';
import { $activeMachine } from '../../stores/fleet.ts';
import { rememberLineMachine } from '../../stores/line-machines.ts';
import { MachinePicker } from './MachinePicker.tsx';
import { myMachinesPath } from '../../lib/fitment/machine-path.ts';
import './fitment.css';

interface Props {
  /** The product's handle: the cart lines of this page's adds are its. */
  handle: string;
  fitment: CompactFitment;
  /** The question form, offered where the store has no answer. */
  askPath: string;
  /** Opens the selector at once: the shopper pressed 'Check it fits your machine'. */
  open: boolean;
  /** The machine pages' base (theme.paths.machineBase). */
  machineBase: string;
}

/** What the store says of the chosen machine: its brand's serial format, or that it is gone. */
type MachineState =
  | { kind: 'reading' }
  | { kind: 'ready'; formats: Record<string, PageSerialFormat> }
  | { kind: 'gone' };

/**
 * The product page's badge (issue 31, item 9), decided in the browser from the page's
 * fitment and the shopper's chosen machine, so the page is the same for every visitor; with
 * the selector to choose or change the machine. A machine with a serial reads its brand's
 * format from the store first (a serial is compared as its brand writes it).
 */
export function FitCheck({ handle, fitment, askPath, open, machineBase }: Props) {
  const machine = useStore($activeMachine);
  useRememberAdds(handle, machine);
  const [picking, setPicking] = useState(open);
  const state = useMachineState(machine);
  const opener = useRef<HTMLButtonElement>(null);

  const picker = picking && (
    <MachinePicker
      autoFocus={open || machine !== undefined}
      onSaved={() => {
        setPicking(false);
        queueMicrotask(() => opener.current?.focus());
      }}
    />
  );
  if (!machine) {
    return (
      <div className="fc">
        {picker || (
          <button type="button" className="fc-open" ref={opener} onClick={() => setPicking(true)}>
            Check it fits your machine
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="fc">
      <p className="fc-line" aria-live="polite">
        {verdictOf(fitment, machine, state, askPath)}
      </p>
      <button
        type="button"
        className="fc-change"
        ref={opener}
        aria-expanded={picking}
        onClick={() => setPicking(!picking)}
      >
        {picking ? 'Keep this machine' : 'Change machine'}
      </button>{' '}
      <a className="fc-ask" href={myMachinesPath(machineBase)}>
        My machines
      </a>
      {picker}
    </div>
  );
}

/** The badge for the chosen machine, once the store has said what it knows of the model. */
function verdictOf(
  fitment: CompactFitment,
  machine: FleetMachine,
  state: MachineState,
  askPath: string,
) {
  if (state.kind === 'reading') return <span className="fc-badge">Checking your machine…</span>;
  if (state.kind === 'gone') {
    return (
      <span className="fc-badge fc-unknown">
        Your {machineLabel(machine)} is no longer in the catalogue.
      </span>
    );
  }
  const badge = badgeFor(fitment, machine, state.formats);
  return (
    <>
      <span className={`fc-badge fc-${badge.kind}`}>{badge.text}</span>
      {badge.kind === 'unknown' && (
        <a className="fc-ask" href={askPath}>
          Ask our experts
        </a>
      )}
    </>
  );
}

/** Each line of `handle` and its quantity, by inventory level. */
const linesOf = (cart: CartState, handle: string) =>
  new Map(
    cart.lines.filter((l) => l.handle === handle).map((l) => [l.inventoryLevelId, l.quantity]),
  );

/**
 * Cart lines remember the machine they were chosen for (issue 31, item 10): a line of this
 * product that the buy box adds or grows while a machine is chosen remembers it. The buy box
 * is left alone: its bytes are the product page's budget, and this code loads only with a
 * machine chosen.
 */
function useRememberAdds(handle: string, machine: FleetMachine | undefined) {
  useEffect(() => {
    if (!machine) return;
    let before = $cart.get();
    return $cart.listen((cart) => {
      // The cart's first load is what was there already, not an add.
      if (before.loaded && cart.loaded) {
        const had = linesOf(before, handle);
        for (const [level, quantity] of linesOf(cart, handle)) {
          if (quantity > (had.get(level) ?? 0)) rememberLineMachine(level, machine);
        }
      }
      before = cart;
    });
  }, [handle, machine]);
}

/** Reads the chosen model from the store: its serial format, or that it is gone. */
function useMachineState(machine: FleetMachine | undefined): MachineState {
  const [state, setState] = useState<MachineState>({ kind: 'reading' });
  const brand = machine?.brandHandle ?? '';
  const model = machine?.modelHandle ?? '';
  useEffect(() => {
    if (!brand) return;
    const stop = new AbortController();
    setState({ kind: 'reading' });
    fetchMachine(brand, model, stop.signal)
      .then((detail) => {
        if (detail === 'gone') return setState({ kind: 'gone' });
        const formats = detail.serialFormat ? { [brand]: detail.serialFormat } : {};
        setState({ kind: 'ready', formats });
      })
      .catch(() => {
        // Without the store's answer the common serial format reads the serial: a serial it
        // cannot place is 'check the serial number', never 'does not fit'.
        if (!stop.signal.aborted) setState({ kind: 'ready', formats: {} });
      });
    return () => stop.abort();
  }, [brand, model]);
  return state;
}
