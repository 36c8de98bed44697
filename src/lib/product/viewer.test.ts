import { describe, expect, it } from 'vitest';
import { imageCounter, itemCounter, keyStep, wrapIndex } from './viewer.ts';

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

describe('itemCounter', () => {
  it('names the kind and counts every item of the gallery', () => {
    expect(itemCounter('image', 0, 5)).toBe('Image 1 of 5');
    expect(itemCounter('model', 3, 5)).toBe('3D model 4 of 5');
    expect(itemCounter('video', 4, 5)).toBe('Video 5 of 5');
  });
});
