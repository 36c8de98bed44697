/** A name compared as words: case, punctuation and spacing aside. */
const words = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A collection banner's alt text, without the collection's name where the page already says
 * it (issue 29, item 7): the collection page's heading stands right above its banner, and a
 * product page names the collection in its trail and its bottom banner. An alt text that is
 * only the name becomes '' (the picture adds nothing to read); one that starts with the name
 * and a separator ("Pallet Jack Parts: quality parts") keeps what follows; any other is kept.
 * @example bannerAlt('Pallet Jack Parts: quality parts, shipped fast', 'Pallet Jack Parts')
 * // 'Quality parts, shipped fast'
 * @example bannerAlt('Same-Day Shipping on In-Stock Parts', 'Pallet Jack Parts') // unchanged
 */
export function bannerAlt(altText: string, name: string): string {
  const alt = altText.trim();
  const own = words(name);
  if (own === '') return alt;
  if (words(alt) === own) return '';
  const lead = new RegExp(`^${escapeRegExp(name.trim())}\\s*[:|,\\-\\u2013\\u2014]\\s*`, 'iu');
  const rest = alt.replace(lead, '');
  if (rest === alt || rest === '') return alt;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
