/** spec storefront 9: image widths 200 to 800 in steps of 100. */
export const IMAGE_WIDTHS = [200, 300, 400, 500, 600, 700, 800] as const;

const EXTENSION = /\.([a-z0-9]{2,5})$/i;
/** A name that already carries a width, such as wheel-3_400x.svg. */
const WIDTH_SUFFIX = /_\d+x$/i;

/**
 * Responsive variants are made only for images on the product image CDN whose path has an
 * extension and no width suffix already (spec storefront 5). The variant of `name.ext` at
 * width W is `name_Wx.ext`.
 * @example srcsetFor('/api/media/products/wheel-3.svg', '/api/media/products/')
 *   // '/api/media/products/wheel-3_200x.svg 200w, ..., /api/media/products/wheel-3_800x.svg 800w'
 */
export function srcsetFor(url: string, cdnPrefix: string): string | undefined {
  if (!url.startsWith(cdnPrefix)) return undefined;
  const [path = '', query] = url.split('?', 2);
  const extension = EXTENSION.exec(path);
  if (!extension) return undefined;
  const stem = path.slice(0, -extension[0].length);
  if (WIDTH_SUFFIX.test(stem) || stem.endsWith('/')) return undefined;
  const rest = query === undefined ? '' : `?${query}`;
  return IMAGE_WIDTHS.map((width) => `${stem}_${width}x${extension[0]}${rest} ${width}w`).join(
    ', ',
  );
}
