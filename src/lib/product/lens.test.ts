import { describe, expect, it } from 'vitest';
import { lensGeometry, type LensInput } from './lens.ts';

describe('lensGeometry', () => {
  const square: LensInput = {
    x: 200,
    y: 200,
    boxWidth: 400,
    boxHeight: 400,
    naturalWidth: 800,
    naturalHeight: 800,
    lensSize: 100,
    zoom: 2,
  };

  it('centres the lens on the pointer and magnifies the point under it', () => {
    expect(lensGeometry(square)).toEqual({
      left: 150,
      top: 150,
      backgroundWidth: 800,
      backgroundHeight: 800,
      backgroundX: 50 - 400,
      backgroundY: 50 - 400,
    });
  });

  it('keeps the lens inside the picture near its edges', () => {
    const corner = lensGeometry({ ...square, x: 10, y: 395 });
    expect(corner?.left).toBe(0);
    expect(corner?.top).toBe(300);
    // The magnified point under the pointer is still what the lens centre shows.
    expect(corner?.backgroundX).toBe(50 - 10 * 2);
  });

  it('accounts for the letterbox of a wide picture drawn contained', () => {
    // 800x400 drawn in 400x400: 400x200, starting 100 px down.
    const wide = { ...square, naturalWidth: 800, naturalHeight: 400 };
    expect(lensGeometry({ ...wide, y: 50 })).toBeUndefined();
    const inside = lensGeometry({ ...wide, x: 200, y: 200 });
    expect(inside).toEqual({
      left: 150,
      top: 100 + 50,
      backgroundWidth: 800,
      backgroundHeight: 400,
      backgroundX: 50 - 200 * 2,
      backgroundY: 50 - 100 * 2,
    });
  });

  it('takes the picture to fill the box while its size is not known', () => {
    const unknown = lensGeometry({ ...square, naturalWidth: 0, naturalHeight: 0 });
    expect(unknown?.backgroundWidth).toBe(800);
    expect(unknown?.left).toBe(150);
  });

  it('shrinks the lens to a picture smaller than it', () => {
    const tiny = lensGeometry({ ...square, boxWidth: 60, boxHeight: 60, x: 30, y: 30 });
    expect(tiny?.left).toBe(0);
    expect(tiny?.top).toBe(0);
  });

  it('shows no lens outside the box or for a box without size', () => {
    expect(lensGeometry({ ...square, x: -1 })).toBeUndefined();
    expect(lensGeometry({ ...square, x: 401 })).toBeUndefined();
    expect(lensGeometry({ ...square, boxWidth: 0 })).toBeUndefined();
    expect(lensGeometry({ ...square, zoom: 0 })).toBeUndefined();
  });
});
