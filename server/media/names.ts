/**
 * The only media names the server answers. A name is matched whole against a strict
 * pattern (lowercase letters, digits, single dashes); anything else, including "..",
 * slashes, encoded slashes and NUL, is simply not a name. Names never reach the
 * filesystem: every file is generated from the name.
 */

/** The folders below /api/media/, one per kind of media (the export writes the same ones). */
export const MEDIA_FOLDERS = ['products', 'collections', 'banners', 'manuals', 'models'] as const;

/**
 * Rendered widths a picture may be asked for as a `_{width}x` suffix (spec storefront 9: image
 * widths 200 to 800 step 100; storefront 5: the width suffix of responsive variants).
 */
export const IMAGE_WIDTHS = [200, 300, 400, 500, 600, 700, 800] as const;

const HANDLE = '[a-z0-9]+(?:-[a-z0-9]+)*';
const KIND = '[a-z]+(?:-[a-z]+)*';
const WIDTH = '(?:_([2-8]00)x)?';
const MAX_NAME = 200;

const PRODUCT_PICTURE = new RegExp(`^(${KIND})-(\\d{1,6})${WIDTH}\\.svg$`);
const HANDLE_PICTURE = new RegExp(`^(${HANDLE})${WIDTH}\\.svg$`);
const MANUAL = new RegExp(`^(${HANDLE})\\.pdf$`);
const MODEL = new RegExp(`^(${HANDLE})\\.glb$`);

const width = (raw: string | undefined): number | undefined =>
  raw === undefined ? undefined : Number(raw);

/** "wheel-3_400x.svg" -> { kind: 'wheel', n: 3, width: 400 }; undefined when not a name. */
export function parseProductPicture(
  file: string,
): { kind: string; n: number; width: number | undefined } | undefined {
  if (file.length > MAX_NAME) return undefined;
  const match = PRODUCT_PICTURE.exec(file);
  if (!match?.[1] || match[2] === undefined) return undefined;
  return { kind: match[1], n: Number(match[2]), width: width(match[3]) };
}

/** "pallet-jack-parts_600x.svg" -> { name: 'pallet-jack-parts', width: 600 }. */
export function parseHandlePicture(
  file: string,
): { name: string; width: number | undefined } | undefined {
  if (file.length > MAX_NAME) return undefined;
  const match = HANDLE_PICTURE.exec(file);
  if (!match?.[1]) return undefined;
  return { name: match[1], width: width(match[2]) };
}

/** "crown-pth50-manual.pdf" -> "crown-pth50-manual". */
export function parseManual(file: string): string | undefined {
  if (file.length > MAX_NAME) return undefined;
  return MANUAL.exec(file)?.[1];
}

/** "wheel.glb" -> "wheel". */
export function parseModel(file: string): string | undefined {
  if (file.length > MAX_NAME) return undefined;
  return MODEL.exec(file)?.[1];
}
