import { storeConfig } from '../../../shared/store-config.ts';

/**
 * The image origins a page's Content-Security-Policy allows besides the site's own
 * (web/headers.ts writes them into img-src): the theme's video thumbnails.
 */
export function foreignImageOrigins(): string[] {
  return [new URL(storeConfig.theme.video.thumbnailBase).origin];
}

/**
 * Whether a page of `site` may show this image under its own CSP: a path on the site, or an
 * origin the policy names. Open Graph and structured data name only such images (issue
 * 28: an off-site catalogue picture was in og:image and JSON-LD while the page itself, under
 * img-src, could not show it).
 * @example pageMayShow('/api/media/products/a.svg', 'https://shop.example') // true
 * @example pageMayShow('https://cdn.elsewhere.example/a.jpg', 'https://shop.example') // false
 */
export function pageMayShow(url: string, site: string | URL): boolean {
  let resolved: URL;
  try {
    resolved = new URL(url, site);
  } catch {
    return false;
  }
  return (
    resolved.origin === new URL(site).origin || foreignImageOrigins().includes(resolved.origin)
  );
}

/**
 * The images of `urls` a page of `site` may show, as absolute URLs for sharing, in order.
 * @example shareableImages(['/a.svg', 'https://x.example/b.jpg'], site) // ['https://shop.example/a.svg']
 */
export function shareableImages(urls: readonly string[], site: string | URL): string[] {
  return urls.filter((url) => pageMayShow(url, site)).map((url) => new URL(url, site).href);
}
