/**
 * Small helpers shared by the picture generators: escaping, deterministic colours, words
 * from a handle and the outer <svg> element. Everything is a pure function of its input, so
 * a picture never changes between builds and its ETag stays valid.
 */

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

/** A stable 32-bit hash (FNV-1a) of a string: the seed of every "random" choice. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** `#rrggbb` from hue (degrees), saturation and lightness (0 to 100). */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The colours of one picture. */
export interface Palette {
  /** Main colour of the part. */
  primary: string;
  /** A darker shade of the main colour, for outlines and shadows. */
  dark: string;
  /** A second colour for details. */
  accent: string;
  /** Metal grey for hubs, rods and bolts. */
  metal: string;
  /** Rubber black for tyres and seals. */
  rubber: string;
  /** Light background. */
  background: string;
}

/**
 * Colours from a seed: hues are spread by the golden angle, so neighbouring numbers
 * (wheel-1, wheel-2, ...) look clearly different.
 * @example palette(3).primary // '#...'
 */
export function palette(seed: number): Palette {
  const hue = Math.round((seed * 137.508) % 360);
  const accentHue = (hue + 150) % 360;
  return {
    primary: hslToHex(hue, 70, 48),
    dark: hslToHex(hue, 65, 28),
    accent: hslToHex(accentHue, 75, 52),
    metal: hslToHex(hue, 8, 68),
    rubber: hslToHex(hue, 10, 16),
    background: hslToHex(hue, 45, 95),
  };
}

/**
 * Title-case words from a handle: "hero-pallet-jack-parts" -> "Hero Pallet Jack Parts".
 * Words with digits (part numbers, model codes) are upper-cased: "pth50" -> "PTH50".
 */
export function wordsFromHandle(handle: string): string {
  return handle
    .split('-')
    .filter((word) => word.length > 0)
    .map((word) =>
      /\d/.test(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ');
}

/** Size attributes of a picture with a fixed aspect ratio, scaled to `width` when given. */
export function renderedSize(
  natural: { width: number; height: number },
  width: number | undefined,
): { width: number; height: number } {
  if (width === undefined) return natural;
  return { width, height: Math.round((natural.height * width) / natural.width) };
}

/**
 * The outer <svg> element: a fixed viewBox, explicit width and height attributes (so an
 * <img> reserves its space before the picture loads), a title for assistive technology.
 */
export function svgDocument(options: {
  viewBox: { width: number; height: number };
  size: { width: number; height: number };
  title: string;
  body: string;
}): string {
  const { viewBox, size, title, body } = options;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" ` +
    `viewBox="0 0 ${viewBox.width} ${viewBox.height}" role="img">` +
    `<title>${escapeXml(title)}</title>${body}</svg>`
  );
}
