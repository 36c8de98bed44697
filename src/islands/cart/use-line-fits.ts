import { useEffect, useState } from 'react';
import type { FleetMachine } from '../../../shared/fitment/fleet.ts';
import type { CartLine } from '../../lib/cart/checkout.ts';
import { badgeFor, type Badge } from '../../lib/fitment/badge.ts';
import { fetchFitment, fetchMachine } from '../../lib/fitment/machines-api.ts';

/**
 * What each line's product says of the chosen machine (issue 31, item 10: 'the cart warns
 * when a line does not fit the selected machine'), by product handle: read once per handle
 * and machine, decided as the product page's badge is. A product or model that cannot be
 * read says nothing: the cart is never held up by it.
 */
export function useLineFits(
  lines: readonly CartLine[],
  machine: FleetMachine | undefined,
): ReadonlyMap<string, Badge> {
  const [fits, setFits] = useState<ReadonlyMap<string, Badge>>(new Map());
  const handles = [...new Set(lines.map((line) => line.handle))].sort().join(' ');
  useEffect(() => {
    setFits(new Map());
    if (!machine || !handles) return;
    const stop = new AbortController();
    const { signal } = stop;
    void (async () => {
      const model = await fetchMachine(machine.brandHandle, machine.modelHandle, signal).catch(
        () => undefined,
      );
      // A model the store no longer has decides nothing (the fleet says it is gone).
      if (model === 'gone' || signal.aborted) return;
      const formats = model?.serialFormat ? { [machine.brandHandle]: model.serialFormat } : {};
      const read = await Promise.all(
        handles.split(' ').map(async (handle) => {
          const fitment = await fetchFitment(handle, signal).catch(() => undefined);
          return fitment && ([handle, badgeFor(fitment, machine, formats)] as const);
        }),
      );
      if (!signal.aborted) setFits(new Map(read.filter((entry) => entry !== undefined)));
    })();
    return () => stop.abort();
    // The machine by what decides a badge, not by the object's identity.
  }, [handles, machine?.brandHandle, machine?.modelHandle, machine?.serial]);
  return fits;
}
