// Where a banner's own headline (the <text> of its SVG) lands on the page, for the hero
// tests (tests/e2e/home.spec.ts): the headline's box in the picture's units, mapped through
// each <img> that shows the picture (object-fit, object-position, an oversized image in a
// clipping box), and what of it the clipping boxes let through.

/** A rectangle in page pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What one <img> of a slide shows of the banner. */
export interface ShownBanner {
  /** The part of the <img> on screen, after every clipping ancestor. */
  visible: Box;
  /** Where the banner's headline lands (it may be clipped away, wholly or partly). */
  headline: Box;
  /** Where the right-hand part of the banner, from `artFrom` of its width, lands. */
  art: Box;
}

/**
 * Runs in the page (pass it to `page.evaluate`): measures the headline of the SVG at
 * `svgUrl` and maps it through every <img> matched by `selector` that shows that file.
 */
export async function measureBanner(input: {
  svgUrl: string;
  selector: string;
  artFrom: number;
}): Promise<ShownBanner[]> {
  const source = await (await fetch(input.svgUrl)).text();
  const holder = document.createElement('div');
  holder.style.cssText = 'position:absolute;left:-10000px;top:0;visibility:hidden';
  holder.innerHTML = source;
  document.body.append(holder);
  const svg = holder.querySelector('svg');
  const texts = [...holder.querySelectorAll('text')];
  if (!svg || texts.length === 0) throw new Error(`${input.svgUrl} has no headline text`);
  const { width: units, height: unitsHigh } = svg.viewBox.baseVal;
  const boxes = texts.map((text) => text.getBBox());
  holder.remove();
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const words = {
    x: left,
    y: top,
    width: Math.max(...boxes.map((b) => b.x + b.width)) - left,
    height: Math.max(...boxes.map((b) => b.y + b.height)) - top,
  };

  const intersect = (a: Box, b: Box): Box => {
    const x = Math.max(a.x, b.x);
    const y = Math.max(a.y, b.y);
    const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x);
    const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y);
    return { x, y, width, height };
  };
  const rect = (element: Element): Box => {
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x, y, width, height };
  };
  // A length of object-position: a percentage of the free room, or pixels.
  const offset = (value: string, room: number) =>
    value.endsWith('%') ? (room * Number.parseFloat(value)) / 100 : Number.parseFloat(value);

  const images = [...document.querySelectorAll<HTMLImageElement>(input.selector)].filter(
    (image) => image.getAttribute('src') === input.svgUrl && image.getClientRects().length > 0,
  );
  return images.map((image) => {
    const box = rect(image);
    const style = getComputedStyle(image);
    const fx = box.width / units;
    const fy = box.height / unitsHigh;
    const [sx, sy] =
      style.objectFit === 'cover'
        ? [Math.max(fx, fy), Math.max(fx, fy)]
        : style.objectFit === 'contain'
          ? [Math.min(fx, fy), Math.min(fx, fy)]
          : [fx, fy];
    const [px = '50%', py = '50%'] = style.objectPosition.split(' ');
    const originX = box.x + offset(px, box.width - units * sx);
    const originY = box.y + offset(py, box.height - unitsHigh * sy);
    const place = (b: Box): Box => ({
      x: originX + b.x * sx,
      y: originY + b.y * sy,
      width: b.width * sx,
      height: b.height * sy,
    });
    let visible = box;
    for (let node = image.parentElement; node; node = node.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(node);
      if (overflowX !== 'visible' || overflowY !== 'visible')
        visible = intersect(visible, rect(node));
    }
    return {
      visible,
      headline: place(words),
      art: place({
        x: units * input.artFrom,
        y: 0,
        width: units * (1 - input.artFrom),
        height: unitsHigh,
      }),
    };
  });
}

/** The part of `a` inside `b`. */
export function overlap(a: Box, b: Box): Box {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y),
  };
}

/** The area of a box. */
export const area = (box: Box) => box.width * box.height;
