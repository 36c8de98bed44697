/**
 * The first step of the machine features a page loads on demand: the product page's fit check
 * (components/product/ProductFitCheck.astro) and the header's fleet switcher
 * (components/shell/FleetSwitch.astro). A module with no imports of its own, so a loader names
 * one file, not the dozen its feature needs (each dynamic import carries the list of files it
 * preloads).
 */
export const boot = (root: HTMLElement, open: boolean): Promise<void> =>
  import('./mount-fit-check.tsx').then(({ mountFitCheck }) => {
    mountFitCheck(root, open);
  });

export const bootSwitch = (panel: HTMLElement): Promise<void> =>
  import('./fleet-switch.ts').then(({ connectSwitch }) => {
    connectSwitch(panel);
  });
