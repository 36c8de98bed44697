import { drawingFor, drawings } from './drawings.ts';
import {
  escapeXml,
  hashString,
  palette,
  renderedSize,
  svgDocument,
  wordsFromHandle,
  type Palette,
} from './svg.ts';

/** Product pictures are square, so cards and galleries of any width crop nothing. */
export const PRODUCT_SIZE = { width: 800, height: 800 } as const;
/** Collection pictures: cards and menu images. */
export const COLLECTION_SIZE = { width: 600, height: 400 } as const;
/** Hero slides of the home page (spec storefront 2, hero slideshow). */
export const HERO_SIZE = { width: 1600, height: 500 } as const;

/** Font size that fits `text` into `room` pixels of width, at most `max`. */
function fitFont(text: string, room: number, max: number): number {
  return Math.max(12, Math.min(max, Math.floor(room / (Math.max(text.length, 1) * 0.56))));
}

function text(options: {
  x: number;
  y: number;
  size: number;
  fill: string;
  content: string;
  anchor?: 'start' | 'middle';
  weight?: 'bold' | 'normal';
}): string {
  const { x, y, size, fill, content, anchor = 'middle', weight = 'bold' } = options;
  return (
    `<text x="${x}" y="${y}" font-family="Helvetica, Arial, sans-serif" font-size="${size}" ` +
    `font-weight="${weight}" text-anchor="${anchor}" fill="${fill}">${escapeXml(content)}</text>`
  );
}

/** Words in lines of about `room` characters (a long word gets a line of its own). */
export function wrapWords(words: string, room: number): string[] {
  const lines: string[] = [];
  for (const word of words.split(' ').filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= room) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else lines.push(word);
  }
  return lines;
}

/** The known kind a handle is about ("load-wheels" -> "wheel"), or "part". */
export function kindOfHandle(handle: string): string {
  const words = handle.split('-').map((word) => word.replace(/s$/, ''));
  for (let i = 0; i < words.length; i += 1) {
    const pair = `${words[i]}-${words[i + 1] ?? ''}`;
    if (Object.hasOwn(drawings, pair)) return pair;
    const word = words[i] ?? '';
    if (Object.hasOwn(drawings, word)) return word;
  }
  return 'part';
}

/** A drawing scaled into a box, for collection and banner pictures. */
function drawingIn(kind: string, colours: Palette, x: number, y: number, size: number): string {
  const scale = size / PRODUCT_SIZE.width;
  return `<g transform="translate(${x} ${y}) scale(${scale})">${drawingFor(kind)(colours)}</g>`;
}

/**
 * The picture of a product: a drawing of its kind, coloured by its number.
 * @example productPicture('wheel', 3, 400) // 400x400 rendering of the 800x800 picture
 */
export function productPicture(kind: string, n: number, width?: number): string {
  const colours = palette(n + hashString(kind));
  const caption = `${wordsFromHandle(kind)} ${n}`;
  return svgDocument({
    viewBox: PRODUCT_SIZE,
    size: renderedSize(PRODUCT_SIZE, width),
    title: caption,
    body:
      `<rect width="800" height="800" fill="${colours.background}"/>` +
      drawingFor(kind)(colours) +
      text({ x: 400, y: 752, size: 40, fill: colours.dark, content: caption.toUpperCase() }),
  });
}

/**
 * The picture of a collection: a drawing of what it holds, without its name. The tiles that
 * show it print the name below it (home page parts grid, child categories), so a name in the
 * picture read twice, and in the handle's words. Its <title> names it.
 */
export function collectionPicture(handle: string, width?: number): string {
  const colours = palette(hashString(handle));
  return svgDocument({
    viewBox: COLLECTION_SIZE,
    size: renderedSize(COLLECTION_SIZE, width),
    title: wordsFromHandle(handle),
    body:
      `<rect width="600" height="400" fill="${colours.background}"/>` +
      drawingIn(kindOfHandle(handle), colours, 130, 30, 340),
  });
}

/** The natural size of a banner, chosen by its name (names in shared/store-config.ts). */
export function bannerSize(name: string): { width: number; height: number } {
  if (name.startsWith('hero-')) return HERO_SIZE;
  if (name === 'sidebar') return { width: 300, height: 600 };
  // The Featured strip's first tile: a card's shape, so the picture fills the tile.
  if (name === 'featured-products') return { width: 400, height: 800 };
  if (name === 'seller-rating-seal') return { width: 200, height: 200 };
  if (name === 'shipping-carriers') return { width: 600, height: 120 };
  if (name === 'exit-intent') return { width: 800, height: 500 };
  return { width: 1200, height: 300 };
}

/** What a collection's top banner may say (see collectionBannerWords). */
export const COLLECTION_BANNER_WORDS = [
  'Quality Parts, Shipped Fast',
  'Same-Day Shipping on In-Stock Parts',
  'OEM and Aftermarket Parts',
] as const;

/**
 * The words of a collection's top banner (named collection-{handle}): a promise of the store,
 * chosen by the handle, never the collection's name. The collection page prints its name as
 * the heading right above the banner, and a product page shows the banner beside the bottom
 * banner that names its collection: a name in the picture read twice (issue 29, item 7). The
 * seed writes the same words as the banner's alt text (server/seed/collections.ts).
 * @example collectionBannerWords('pallet-jack-parts') // one of COLLECTION_BANNER_WORDS
 */
export function collectionBannerWords(handle: string): string {
  return COLLECTION_BANNER_WORDS[hashString(handle) % COLLECTION_BANNER_WORDS.length] ?? '';
}

/**
 * The headline a banner carries: its name in words, without the "hero" prefix. A collection's
 * top banner carries collectionBannerWords instead, and the featured tile words of its own:
 * the home page heads its strip 'Featured Products'.
 */
export function bannerHeadline(name: string): string {
  if (name === 'sidebar') return 'Parts Ready to Ship';
  if (name === 'featured-products') return 'Our Top Picks';
  if (name.startsWith('collection-'))
    return collectionBannerWords(name.slice('collection-'.length));
  return wordsFromHandle(name.replace(/^hero-/, ''));
}

/**
 * Characters per headline line of a 1200x300 banner: lines this short fit at 57 units or
 * more, so the words stay at 17 px or more on a 390 px phone (at 358 px wide the banner is
 * drawn at 0.3 of its size; no text is smaller than 12 px).
 */
export const BANNER_LINE_CHARS = 18;

/** A five-pointed star centred on (cx, cy), as a path (a drawing, not text to read). */
function star(cx: number, cy: number, r: number, fill: string): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return `<path d="M${points.join('L')}Z" fill="${fill}"/>`;
}

/**
 * The seller rating seal: words at 30 units, 12 px in the footer's 80 px seal, each on a line
 * of its own to fit the circle, and the stars drawn.
 */
function sealBody(colours: Palette): string {
  const stars = [0, 1, 2, 3, 4].map((i) => star(52 + i * 24, 118, 12, '#f5b301')).join('');
  return (
    `<circle cx="100" cy="100" r="96" fill="${colours.dark}"/>` +
    `<circle cx="100" cy="100" r="82" fill="#ffffff"/>` +
    text({ x: 100, y: 66, size: 30, fill: colours.dark, content: 'Top' }) +
    text({ x: 100, y: 98, size: 30, fill: colours.dark, content: 'Rated' }) +
    stars +
    text({ x: 100, y: 160, size: 30, fill: colours.dark, content: 'Seller' })
  );
}

function carriersBody(colours: Palette): string {
  return ['Ground', 'Freight', 'Express']
    .map(
      (label, i) =>
        `<rect x="${12 + i * 196}" y="20" width="180" height="80" rx="12" fill="${colours.primary}"/>` +
        text({ x: 102 + i * 196, y: 70, size: 26, fill: '#ffffff', content: label }),
    )
    .join('');
}

/** Drawings on the right-hand part of a wide banner: two when there is room, else one. */
function wideArt(name: string, colours: Palette, w: number, h: number): string {
  const kinds = Object.keys(drawings);
  const seed = hashString(name);
  const first = kinds[seed % kinds.length] ?? 'part';
  const second = kinds[(seed >>> 8) % kinds.length] ?? 'wheel';
  const region = w * 0.45;
  // A drawing fills about 80% of its box, so boxes may overlap a little at the edges.
  if (w >= 2 * h) {
    const art = Math.min(h * 1.1, region / 1.6);
    return (
      drawingIn(first, colours, w - region, (h - art) / 2, art) +
      drawingIn(second, colours, w - art, (h - art) / 2, art)
    );
  }
  const art = Math.min(h * 1.1, region / 0.8);
  return drawingIn(first, colours, w - region + (region - art) / 2, (h - art) / 2, art);
}

/**
 * A banner: a coloured band with a headline from its name and drawings of parts.
 * Hero banners are 1600x500 (spec storefront 2); others take the size of their slot.
 * The exit-intent background carries no headline: the popup's own text sits on it.
 */
export function bannerPicture(name: string, width?: number): string {
  const natural = bannerSize(name);
  const colours = palette(hashString(name));
  const headline = bannerHeadline(name);
  const { width: w, height: h } = natural;
  let body = `<rect width="${w}" height="${h}" fill="${colours.background}"/>`;
  if (name === 'seller-rating-seal') body += sealBody(colours);
  else if (name === 'shipping-carriers') body += carriersBody(colours);
  else if (name === 'exit-intent') body += wideArt(name, colours, w, h);
  else if (h > w) {
    const lines = wrapWords(headline, 12);
    const size = Math.min(...lines.map((line) => fitFont(line, w * 0.9, Math.round(w * 0.16))));
    body +=
      `<rect width="${w}" height="${h * 0.45}" fill="${colours.dark}"/>` +
      drawingIn(kindOfHandle(name), colours, 0, h * 0.48, w) +
      lines
        .map((line, i) =>
          text({
            x: w / 2,
            y: Math.round(h * 0.225 + (i - (lines.length - 1) / 2) * size * 1.2 + size * 0.35),
            size,
            fill: '#ffffff',
            content: line,
          }),
        )
        .join('');
  } else {
    // A hero's headline keeps one line (1600 px drawn at 390 px still reads at 24 px); other
    // wide banners break theirs into short lines (BANNER_LINE_CHARS).
    const lines = name.startsWith('hero-') ? [headline] : wrapWords(headline, BANNER_LINE_CHARS);
    const size = Math.min(...lines.map((line) => fitFont(line, w * 0.48, Math.round(h * 0.2))));
    body +=
      `<rect width="${w * 0.55}" height="${h}" fill="${colours.dark}"/>` +
      wideArt(name, colours, w, h) +
      lines
        .map((line, i) =>
          text({
            x: w * 0.04,
            y: Math.round(h * 0.55 + (i - (lines.length - 1) / 2) * size * 1.2),
            size,
            fill: '#ffffff',
            content: line,
            anchor: 'start',
          }),
        )
        .join('');
  }
  return svgDocument({
    viewBox: natural,
    size: renderedSize(natural, width),
    title: headline,
    body,
  });
}
