/**
 * The first step of the header's fleet switcher and the product page's fit check, which the
 * header's loader imports (src/components/shell/FleetSwitch.astro): a module with no imports
 * of its own, so the loader names one file, not the switcher's and fit check's dozen (each
 * dynamic import carries the list of files it preloads).
 */
export const fitCheck = (root: HTMLElement, open: boolean): Promise<void> =>
  import('./mount-fit-check.tsx').then(({ mountFitCheck }) => {
    mountFitCheck(root, open);
  });

export const fleetSwitch = (root: HTMLElement): Promise<void> =>
  import('./mount-fleet-switch.tsx').then(({ mountFleetSwitch }) => {
    mountFleetSwitch(root);
  });
