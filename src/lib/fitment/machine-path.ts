/**
 * The addresses of the machine pages under the configured base (theme.paths.machineBase,
 * issue 31, item 7), in a module of their own so the islands link to them without the model
 * page's code.
 */

/**
 * A model's page.
 * @example machinePath('/machines', 'crown', 'pth50') // '/machines/crown/pth50'
 */
export const machinePath = (base: string, brandHandle: string, handle: string): string =>
  `${base}/${encodeURIComponent(brandHandle)}/${encodeURIComponent(handle)}`;

/**
 * The shopper's own machines (My machines).
 * @example myMachinesPath('/machines') // '/machines/'
 */
export const myMachinesPath = (base: string): string => `${base}/`;
