import type { FleetMachine } from '../../../shared/fitment/fleet.ts';

/**
 * The address of a machine's parts on `partsPath` (the search page): `fits=` and its serial.
 * @example partsHref('/search.php', pth50) // '/search.php?fits=crown%2Fpth50'
 */
export const partsHref = (partsPath: string, machine: FleetMachine): string => {
  const query = new URLSearchParams({ fits: `${machine.brandHandle}/${machine.modelHandle}` });
  if (machine.serial) query.set('serial', machine.serial);
  return `${partsPath}?${query.toString()}`;
};

/** The page of the shopper's machines (src/pages/machines/index.astro). */
export const MY_MACHINES = '/machines/';
