/**
 * The gallery viewer's decisions (spec storefront 2, "Gallery"; account-and-shell 2.8):
 * which item an arrow key moves to, the counter text, and where the zoom lens sits. The
 * islands in src/islands/gallery only render these.
 */

/**
 * An index kept inside 0..count-1, wrapping round at both ends (the last image's "next" is
 * the first). 0 when there is nothing to show.
 * @example wrapIndex(-1, 3) // 2
 */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return ((Math.trunc(index) % count) + count) % count;
}

/**
 * The item a key moves to in the viewer, or undefined when the key is not a move: arrows
 * step and wrap, Home and End jump to the ends.
 * @example keyStep('ArrowRight', 2, 3) // 0
 */
export function keyStep(key: string, index: number, count: number): number | undefined {
  if (count <= 0) return undefined;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return wrapIndex(index + 1, count);
    case 'ArrowLeft':
    case 'ArrowUp':
      return wrapIndex(index - 1, count);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/**
 * account-and-shell 2.8: the counter under the expanded image.
 * @example imageCounter(0, 4) // 'Image 1 of 4'
 */
export function imageCounter(index: number, count: number): string {
  return `Image ${String(wrapIndex(index, count) + 1)} of ${String(count)}`;
}

export interface LensInput {
  /** The pointer, relative to the main image box's top left corner. */
  x: number;
  y: number;
  /** The box the image is drawn in (object-fit: contain). */
  boxWidth: number;
  boxHeight: number;
  /** The picture's own size; 0 when not known yet (then it is taken to fill the box). */
  naturalWidth: number;
  naturalHeight: number;
  /** The lens's side in px. */
  lensSize: number;
  /** Magnification inside the lens. */
  zoom: number;
}

export interface LensGeometry {
  /** The lens's top left corner in the box. */
  left: number;
  top: number;
  /** The CSS background-size and background-position (px) of the magnified picture. */
  backgroundWidth: number;
  backgroundHeight: number;
  backgroundX: number;
  backgroundY: number;
}

/**
 * Where the hover zoom lens sits and which part of the magnified picture it shows, or
 * undefined when the pointer is outside the drawn picture (the letterbox of a contained
 * image shows no lens). The lens centres on the pointer and stays inside the picture.
 */
export function lensGeometry(input: LensInput): LensGeometry | undefined {
  const { x, y, boxWidth, boxHeight, lensSize, zoom } = input;
  if (boxWidth <= 0 || boxHeight <= 0 || lensSize <= 0 || zoom <= 0) return undefined;
  // The drawn picture inside the box (object-fit: contain, centred).
  const known = input.naturalWidth > 0 && input.naturalHeight > 0;
  const scale = known
    ? Math.min(boxWidth / input.naturalWidth, boxHeight / input.naturalHeight)
    : 1;
  const width = known ? input.naturalWidth * scale : boxWidth;
  const height = known ? input.naturalHeight * scale : boxHeight;
  const offsetX = (boxWidth - width) / 2;
  const offsetY = (boxHeight - height) / 2;
  const px = x - offsetX;
  const py = y - offsetY;
  if (px < 0 || py < 0 || px > width || py > height) return undefined;
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max, 0));
  const side = Math.min(lensSize, width, height);
  const lensX = clamp(px - side / 2, width - side);
  const lensY = clamp(py - side / 2, height - side);
  return {
    left: offsetX + lensX,
    top: offsetY + lensY,
    backgroundWidth: width * zoom,
    backgroundHeight: height * zoom,
    // The magnified point under the pointer sits at the lens's centre.
    backgroundX: side / 2 - px * zoom,
    backgroundY: side / 2 - py * zoom,
  };
}

/** What the full-screen viewer calls each kind of item in its counter. */
export const KIND_LABELS = { image: 'Image', model: '3D model', video: 'Video' } as const;

/**
 * The product page viewer's counter, which counts every item (images, models, videos) and
 * names the kind on screen, in the words of account-and-shell 2.8.
 * @example itemCounter('model', 3, 5) // '3D model 4 of 5'
 */
export function itemCounter(kind: keyof typeof KIND_LABELS, index: number, count: number): string {
  return `${KIND_LABELS[kind]} ${String(wrapIndex(index, count) + 1)} of ${String(count)}`;
}
