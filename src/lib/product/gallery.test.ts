import { describe, expect, it } from 'vitest';
import { islandGallery, mainPicture, productGallery, type GalleryOptions } from './gallery.ts';

const options: GalleryOptions = {
  title: 'Crown Load Wheel',
  noImageUrl: '/no-image.svg',
  cdnPrefix: '/api/media/products/',
  video: {
    embedBase: 'https://www.youtube.com/embed/',
    thumbnailBase: 'https://img.youtube.com/vi/',
  },
};
type Media = Parameters<typeof productGallery>[0];
const bare: Media = { imageUrl: null, Images: [], Model3Ds: [], Metafields: [] };

/** The gallery of a product with only the media given. */
const galleryOf = (media: Partial<Media>) => productGallery({ ...bare, ...media }, options);
/** A product's video metafield. */
const video = (id: string) => ({ metafieldKey: 'product_video_id', metafieldValue: id });

describe('productGallery', () => {
  it('shows the no-image picture when the product has none', () => {
    expect(galleryOf({})).toEqual({
      main: { src: '/no-image.svg', alt: 'Crown Load Wheel', srcset: undefined },
      items: [],
      noImage: true,
    });
  });

  it('makes thumbnails for images, models and videos, in that order', () => {
    const gallery = galleryOf({
      imageUrl: '/api/media/products/wheel-1.svg',
      Images: [
        { url: '/api/media/products/wheel-1.svg', altText: 'Front' },
        { url: 'https://elsewhere.example/wheel.png', altText: ' ' },
      ],
      Model3Ds: [{ url: '/api/media/models/wheel.glb', posterUrl: '/api/media/products/p.svg' }],
      Metafields: [video('dQw4w9WgXcQ'), { metafieldKey: 'other', metafieldValue: 'x' }],
    });
    expect(gallery.noImage).toBe(false);
    expect(gallery.main.src).toBe('/api/media/products/wheel-1.svg');
    expect(gallery.main.alt).toBe('Front');
    expect(gallery.main.srcset).toContain('/api/media/products/wheel-1_200x.svg 200w');
    expect(gallery.items).toEqual([
      {
        kind: 'image',
        src: '/api/media/products/wheel-1.svg',
        alt: 'Front',
        srcset: gallery.main.srcset,
      },
      {
        kind: 'image',
        src: 'https://elsewhere.example/wheel.png',
        alt: 'Crown Load Wheel',
        srcset: undefined,
      },
      {
        kind: 'model',
        src: '/api/media/models/wheel.glb',
        poster: '/api/media/products/p.svg',
        alt: 'Crown Load Wheel, 3D model',
      },
      {
        kind: 'video',
        id: 'dQw4w9WgXcQ',
        thumb: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
        // A local picture for when the video host's image cannot be loaded.
        fallback: '/video-thumbnail.svg',
        embed: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
        alt: 'Crown Load Wheel, video',
      },
    ]);
  });

  it('uses the card image when the product lists no images', () => {
    const gallery = galleryOf({ imageUrl: '/api/media/products/pump-1.svg' });
    expect(gallery.main).toMatchObject({
      src: '/api/media/products/pump-1.svg',
      alt: 'Crown Load Wheel',
    });
    expect(gallery.items).toHaveLength(1);
  });

  it('keeps the no-image picture as the main one when there are only videos', () => {
    const gallery = galleryOf({ Metafields: [video('dQw4w9WgXcQ'), video('LA9LX8I_6Ym')] });
    expect(gallery.noImage).toBe(true);
    expect(gallery.main.src).toBe('/no-image.svg');
    expect(gallery.items.map((item) => item.alt)).toEqual([
      'Crown Load Wheel, video 1',
      'Crown Load Wheel, video 2',
    ]);
  });
});

describe('islandGallery', () => {
  it('leaves out the main picture when it is the first thumbnail, and mainPicture gives it back', () => {
    const gallery = galleryOf({
      Images: [
        { url: '/api/media/products/wheel-1.svg', altText: 'Front' },
        { url: '/api/media/products/wheel-2.svg', altText: 'Side' },
      ],
    });
    const props = islandGallery(gallery);
    expect(props).not.toHaveProperty('main');
    expect(JSON.stringify(props).split('wheel-1_200x.svg')).toHaveLength(2);
    expect(mainPicture(props)).toMatchObject(gallery.main);
  });

  it('keeps the no-image picture, which no thumbnail holds', () => {
    const gallery = galleryOf({ Metafields: [video('dQw4w9WgXcQ')] });
    expect(islandGallery(gallery)).toBe(gallery);
    expect(mainPicture(islandGallery(gallery))).toEqual(gallery.main);
  });
});
