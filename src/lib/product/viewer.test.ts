import { describe, expect, it } from 'vitest';
import {
  imageCounter,
  itemCounter,
  keyStep,
  lensGeometry,
  wrapIndex,
  type LensInput,
} from './viewer.ts';

describe('wrapIndex', () => {
  it('keeps indexes inside the list and wraps at both ends', () => {
    expect(wrapIndex(0, 3)).toBe(0);
    expect(wrapIndex(2, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(7, 3)).toBe(1);
  });

  it('gives 0 for an empty list or a non-number', () => {
    expect(wrapIndex(5, 0)).toBe(0);
    expect(wrapIndex(Number.NaN, 3)).toBe(0);
    expect(wrapIndex(Number.POSITIVE_INFINITY, 3)).toBe(0);
  });
});

describe('keyStep', () => {
  it('moves forward with ArrowRight and ArrowDown, wrapping from the last to the first', () => {
    expect(keyStep('ArrowRight', 0, 3)).toBe(1);
    expect(keyStep('ArrowDown', 1, 3)).toBe(2);
    expect(keyStep('ArrowRight', 2, 3)).toBe(0);
  });

  it('moves back with ArrowLeft and ArrowUp, wrapping from the first to the last', () => {
    expect(keyStep('ArrowLeft', 2, 3)).toBe(1);
    expect(keyStep('ArrowUp', 0, 3)).toBe(2);
  });

  it('jumps to the ends with Home and End', () => {
    expect(keyStep('Home', 2, 3)).toBe(0);
    expect(keyStep('End', 0, 3)).toBe(2);
  });

  it('ignores other keys and empty lists', () => {
    expect(keyStep('Enter', 0, 3)).toBeUndefined();
    expect(keyStep('a', 0, 3)).toBeUndefined();
    expect(keyStep('ArrowRight', 0, 0)).toBeUndefined();
  });

  it('stays on a single item', () => {
    expect(keyStep('ArrowRight', 0, 1)).toBe(0);
    expect(keyStep('ArrowLeft', 0, 1)).toBe(0);
  });
});

describe('imageCounter', () => {
  it("reads 'Image N of M' counting from 1 (account-and-shell 2.8)", () => {
    expect(imageCounter(0, 4)).toBe('Image 1 of 4');
    expect(imageCounter(3, 4)).toBe('Image 4 of 4');
    expect(imageCounter(0, 1)).toBe('Image 1 of 1');
  });

  it('never shows a number beyond the count', () => {
    expect(imageCounter(4, 4)).toBe('Image 1 of 4');
  });
});

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

describe('itemCounter', () => {
  it('names the kind and counts every item of the gallery', () => {
    expect(itemCounter('image', 0, 5)).toBe('Image 1 of 5');
    expect(itemCounter('model', 3, 5)).toBe('3D model 4 of 5');
    expect(itemCounter('video', 4, 5)).toBe('Video 5 of 5');
  });
});
