import { describe, expect, it } from 'vitest';
import { eachCase } from '../../shared/each-case.testing.ts';
import {
  IMAGE_WIDTHS,
  parseHandlePicture,
  parseManual,
  parseModel,
  parseProductPicture,
} from './names.ts';

describe('parseProductPicture', () => {
  eachCase('reads %s', parseProductPicture, [
    ['wheel-3.svg', { kind: 'wheel', n: 3, width: undefined }],
    ['seal-kit-12.svg', { kind: 'seal-kit', n: 12, width: undefined }],
    ['wheel-3_400x.svg', { kind: 'wheel', n: 3, width: 400 }],
    ['gizmo-0.svg', { kind: 'gizmo', n: 0, width: undefined }],
    ['part-999999_800x.svg', { kind: 'part', n: 999999, width: 800 }],
  ]);

  it('accepts every width from 200 to 800 in steps of 100', () => {
    expect(IMAGE_WIDTHS).toEqual([200, 300, 400, 500, 600, 700, 800]);
    for (const width of IMAGE_WIDTHS) {
      expect(parseProductPicture(`wheel-1_${width}x.svg`)?.width).toBe(width);
    }
  });

  it.each([
    'wheel.svg',
    'wheel-3',
    'wheel-3.png',
    'wheel-3_250x.svg',
    'wheel-3_100x.svg',
    'wheel-3_900x.svg',
    'wheel-3_1000x.svg',
    'wheel-3_400.svg',
    'wheel-3_x.svg',
    'Wheel-3.svg',
    'wheel2-3.svg',
    'wheel--3.svg',
    '-3.svg',
    'wheel-1234567.svg',
    '../wheel-3.svg',
    '..\\wheel-3.svg',
    'wheel-3.svg/..',
    'wheel-3.svg\u0000.png',
    ' wheel-3.svg',
    'wheel-3.svg\n',
    `${'a'.repeat(250)}-1.svg`,
    '',
  ])('refuses %j', (file) => {
    expect(parseProductPicture(file)).toBeUndefined();
  });
});

describe('parseHandlePicture', () => {
  eachCase('reads %s', parseHandlePicture, [
    ['pallet-jack-parts.svg', { name: 'pallet-jack-parts', width: undefined }],
    ['hero-forklift-parts_600x.svg', { name: 'hero-forklift-parts', width: 600 }],
    ['pth50.svg', { name: 'pth50', width: undefined }],
  ]);

  it.each([
    'Bad.svg',
    'a_b.svg',
    'a..b.svg',
    '../etc/passwd',
    'x.svg.svg',
    '-x.svg',
    'x-.svg',
    '.svg',
  ])('refuses %j', (file) => {
    expect(parseHandlePicture(file)).toBeUndefined();
  });
});

describe('parseManual and parseModel', () => {
  it('reads handles with their extension', () => {
    expect(parseManual('crown-pth50-manual.pdf')).toBe('crown-pth50-manual');
    expect(parseModel('wheel.glb')).toBe('wheel');
    expect(parseModel('seal-kit-3.glb')).toBe('seal-kit-3');
  });

  it.each(['x.PDF', 'x.pdf.exe', '../x.pdf', '.pdf', 'x_400x.pdf', `${'a'.repeat(201)}.pdf`])(
    'refuses the manual %j',
    (file) => {
      expect(parseManual(file)).toBeUndefined();
    },
  );

  it.each(['x.gltf', 'X.glb', '../x.glb', 'x.glb/', '.glb'])('refuses the model %j', (file) => {
    expect(parseModel(file)).toBeUndefined();
  });
});
