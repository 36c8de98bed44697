/**
 * A handle for an address: lower case ASCII letters and digits, runs of anything else one
 * hyphen, at most 180 characters (the seed's product handles, the machines' brand and model
 * handles).
 * @example slugify('Crown Poly Load Wheel 3.25 x 3.75 in. (85288-001)') // 'crown-poly-load-wheel-3-25-x-3-75-in-85288-001'
 */
export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 180)
    .replace(/-+$/, '');
