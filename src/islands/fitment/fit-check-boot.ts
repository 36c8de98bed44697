/**
 * The fit check's first step (components/product/ProductFitCheck.astro): a module with no
 * imports of its own, so the product page's loader names one file, not the fit check's
 * dozen (each dynamic import carries the list of files it preloads).
 */
export const boot = (root: HTMLElement, open: boolean): Promise<void> =>
  import('./mount-fit-check.tsx').then(({ mountFitCheck }) => {
    mountFitCheck(root, open);
  });
