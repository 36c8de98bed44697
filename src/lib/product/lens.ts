// The product gallery's hover zoom lens (spec storefront 2, "Gallery"). A module of its own,
// apart from the full-screen viewer's rules (viewer.ts): the gallery island carries it, while
// the viewer loads only when the shopper heads for it.

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
