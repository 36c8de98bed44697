import { modelGlb } from './glb.ts';
import { manualPdf } from './manual.ts';
import {
  IMAGE_WIDTHS,
  MEDIA_FOLDERS,
  parseHandlePicture,
  parseManual,
  parseModel,
  parseProductPicture,
} from './names.ts';
import { bannerPicture, collectionPicture, productPicture } from './pictures.ts';

/** Where the media routes are mounted: a media URL is this prefix and a file's path. */
export const MEDIA_URL_PREFIX = '/api/media/';

/** `{folder}/{file}`, the only shape a media path has (folders of server/routes/media.ts). */
const MEDIA_PATH = new RegExp(`^(${MEDIA_FOLDERS.join('|')})/([^/]+)$`);

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/**
 * The bytes the media routes answer for a path below /api/media/, made by the same
 * generators and name parsers as server/routes/media.ts; undefined when the route would
 * answer 404. The path is the file's place in the exported directory too, so a name that
 * does not parse (traversal attempts included) never becomes a file.
 * @example mediaBytes('products/wheel-3_400x.svg') // the SVG of GET /api/media/products/wheel-3_400x.svg
 */
export function mediaBytes(path: string): Buffer | undefined {
  const [, folder, file = ''] = MEDIA_PATH.exec(path) ?? [];
  switch (folder) {
    case 'products': {
      const name = parseProductPicture(file);
      return name && utf8(productPicture(name.kind, name.n, name.width));
    }
    case 'collections': {
      const name = parseHandlePicture(file);
      return name && utf8(collectionPicture(name.name, name.width));
    }
    case 'banners': {
      const name = parseHandlePicture(file);
      return name && utf8(bannerPicture(name.name, name.width));
    }
    case 'manuals': {
      const handle = parseManual(file);
      return handle === undefined ? undefined : manualPdf(handle);
    }
    case 'models': {
      const name = parseModel(file);
      return name === undefined ? undefined : modelGlb(name);
    }
    default:
      return undefined;
  }
}

/**
 * What the routes make of a path below /api/media/, without making its bytes: undefined when they
 * answer 404, else whether it is a picture and the width it asks for.
 */
function parseMediaPath(path: string): { picture: boolean; width: number | undefined } | undefined {
  const [, folder, file = ''] = MEDIA_PATH.exec(path) ?? [];
  if (folder === 'products' || folder === 'collections' || folder === 'banners') {
    const name = folder === 'products' ? parseProductPicture(file) : parseHandlePicture(file);
    return name && { picture: true, width: name.width };
  }
  if (folder === 'manuals' && parseManual(file) !== undefined) {
    return { picture: false, width: undefined };
  }
  if (folder === 'models' && parseModel(file) !== undefined) {
    return { picture: false, width: undefined };
  }
  return undefined;
}

/**
 * The paths below /api/media/ a media URL needs as files: none when the URL is not a
 * root-relative /api/media/ path with a name the routes answer; for a picture without a
 * width suffix, the plain name and its variant at every width of IMAGE_WIDTHS, made the way
 * srcsetFor (shared/images/srcset.ts) makes them; otherwise the one file. A query or
 * fragment is dropped: the web servers look files up by path alone.
 * @example mediaPathsOf('/api/media/manuals/pump-1.pdf') // ['manuals/pump-1.pdf']
 */
export function mediaPathsOf(url: string): string[] {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return [];
  const path = url.slice(MEDIA_URL_PREFIX.length).replace(/[?#].*$/s, '');
  const name = parseMediaPath(path);
  if (!name) return [];
  if (!name.picture || name.width !== undefined) return [path];
  const stem = path.slice(0, -'.svg'.length);
  const variants = IMAGE_WIDTHS.map((width) => `${stem}_${width}x.svg`);
  // A name near the length limit may parse while its variants do not: those the routes
  // answer 404 for are not files either.
  return [path, ...variants.filter((variant) => parseMediaPath(variant))];
}
