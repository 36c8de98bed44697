/**
 * The gallery viewer's decisions (spec storefront 2, "Gallery"; account-and-shell 2.8):
 * which item an arrow key moves to and the counter text (the zoom lens is lens.ts). The
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
