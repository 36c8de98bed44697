import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.ts';
import { mediaBytes, mediaPathsOf } from './media-files.ts';
import { IMAGE_WIDTHS } from './names.ts';
import { IMAGE_WIDTHS as SRCSET_WIDTHS } from '../../shared/images/srcset.ts';
import { srcsetFor } from '../../shared/images/srcset.ts';

const widths = (stem: string) => IMAGE_WIDTHS.map((width) => `${stem}_${width}x.svg`);

describe('mediaPathsOf', () => {
  it('gives a picture without a width its plain name and every srcset width', () => {
    expect(mediaPathsOf('/api/media/products/wheel-3.svg')).toEqual([
      'products/wheel-3.svg',
      ...widths('products/wheel-3'),
    ]);
    expect(mediaPathsOf('/api/media/collections/load-wheels.svg')).toEqual([
      'collections/load-wheels.svg',
      ...widths('collections/load-wheels'),
    ]);
    expect(mediaPathsOf('/api/media/banners/hero-forklift-parts.svg')).toEqual([
      'banners/hero-forklift-parts.svg',
      ...widths('banners/hero-forklift-parts'),
    ]);
  });

  it('makes exactly the files the storefront srcset asks for', () => {
    expect(IMAGE_WIDTHS).toEqual(SRCSET_WIDTHS);
    const url = '/api/media/products/seal-kit-12.svg';
    const asked = (srcsetFor(url, '/api/media/products/') ?? '')
      .split(', ')
      .map((candidate) => candidate.split(' ')[0]?.slice('/api/media/'.length));
    expect(mediaPathsOf(url)).toEqual(['products/seal-kit-12.svg', ...asked]);
  });

  it('keeps the spelling of the name, as the srcset does', () => {
    expect(mediaPathsOf('/api/media/products/wheel-03.svg')).toEqual([
      'products/wheel-03.svg',
      ...widths('products/wheel-03'),
    ]);
  });

  it('gives a picture that names its width, a manual and a model one file each', () => {
    expect(mediaPathsOf('/api/media/products/wheel-3_400x.svg')).toEqual([
      'products/wheel-3_400x.svg',
    ]);
    expect(mediaPathsOf('/api/media/banners/sidebar_300x.svg')).toEqual([
      'banners/sidebar_300x.svg',
    ]);
    expect(mediaPathsOf('/api/media/manuals/crown-pth50.pdf')).toEqual(['manuals/crown-pth50.pdf']);
    expect(mediaPathsOf('/api/media/models/wheel.glb')).toEqual(['models/wheel.glb']);
  });

  it('drops a query or fragment: files are looked up by path', () => {
    expect(mediaPathsOf('/api/media/manuals/pump.pdf?v=2')).toEqual(['manuals/pump.pdf']);
    expect(mediaPathsOf('/api/media/models/pump.glb#x')).toEqual(['models/pump.glb']);
    expect(mediaPathsOf('/api/media/products/pump-1.svg?a=1#b')).toHaveLength(8);
  });

  it.each([
    '',
    '/no-image.svg',
    '/api/media/',
    '/api/media/products/',
    '/api/media/wheel-1.jpg',
    '/api/media/pj-banner.png',
    '/api/media/products/wheel-1.jpg',
    '/api/media/products/Wheel-1.svg',
    '/api/media/products/wheel-1_900x.svg',
    '/api/media/products/wheel-1_400x_400x.svg',
    '/api/media/manuals/pump.PDF',
    '/api/media/videos/wheel.mp4',
    '/api/media/products/sub/wheel-1.svg',
    'https://cdn.example.com/api/media/products/wheel-1.svg',
    '//cdn.example.com/api/media/products/wheel-1.svg',
    'api/media/products/wheel-1.svg',
    '/API/MEDIA/products/wheel-1.svg',
    '/static/api/media/products/wheel-1.svg',
  ])('ignores %j: not a media name the API answers', (url) => {
    expect(mediaPathsOf(url)).toEqual([]);
  });

  it.each([
    '/api/media/../store.db',
    '/api/media/products/../../store.db',
    '/api/media/products/..%2F..%2Fstore.db',
    '/api/media/products/%2e%2e/wheel-1.svg',
    '/api/media/manuals/..pdf',
    '/api/media/manuals/.pdf',
    '/api/media/models/.glb',
    '/api/media/products\\..\\wheel-1.svg',
    '/api/media/products/wheel-1.svg\0.png',
    '/api/media/./products/wheel-1.svg',
    '/api/media//products/wheel-1.svg',
    '/api/media/products//wheel-1.svg',
    '/api/media/.partial/wheel-1.svg',
  ])('never names a path outside its folder: %j', (url) => {
    expect(mediaPathsOf(url)).toEqual([]);
  });

  it('leaves out a width variant whose name is too long for the API to answer', () => {
    // Names are at most 200 characters: 196 + '.svg' parses, 196 + '_200x.svg' does not.
    const handle = 'a'.repeat(196);
    expect(mediaPathsOf(`/api/media/banners/${handle}.svg`)).toEqual([`banners/${handle}.svg`]);
  });
});

describe('mediaBytes', () => {
  const { app } = testApp();

  it('is the API reply for each kind of media', async () => {
    for (const path of [
      'products/wheel-3.svg',
      'products/seal-kit-12_400x.svg',
      'products/gizmo-1.svg',
      'collections/load-wheels_600x.svg',
      'banners/hero-pallet-jack-parts.svg',
      'banners/seller-rating-seal_200x.svg',
      'manuals/crown-pth50-manual.pdf',
      'models/wheel.glb',
      'models/gizmo.glb',
    ]) {
      const reply = await app.request(`http://localhost/api/media/${path}`);
      expect(reply.status, path).toBe(200);
      expect(mediaBytes(path)?.equals(Buffer.from(await reply.arrayBuffer())), path).toBe(true);
    }
  });

  it('is undefined where the API answers 404', async () => {
    for (const path of [
      'products/wheel.svg',
      'collections/Load.svg',
      'banners/hero_150x.svg',
      'manuals/a.b.pdf',
      'models/wheel.gltf',
      'other/wheel.glb',
      '',
    ]) {
      expect(mediaBytes(path), path).toBeUndefined();
      const reply = await app.request(`http://localhost/api/media/${path}`);
      expect(reply.status, path).toBe(404);
    }
  });

  it('is undefined for a path that leaves its folder', () => {
    // (A URL client would resolve the dots before the API saw them.)
    for (const path of ['products/../manuals/x.pdf', '../store.db', 'manuals/../../x.pdf']) {
      expect(mediaBytes(path), path).toBeUndefined();
    }
  });
});
