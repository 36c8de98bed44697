import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  VIDEO_METAFIELD_KEY,
  VIDEO_THUMBNAIL_FALLBACK,
  videoEmbedUrl,
  videoIds,
  videoThumbnailUrl,
} from './video.ts';

const field = (metafieldKey: string, metafieldValue: string) => ({ metafieldKey, metafieldValue });

describe('videoIds', () => {
  it('keeps the values of the video key only, in order, once each', () => {
    expect(
      videoIds([
        field(VIDEO_METAFIELD_KEY, 'LA9LX8I_6Ym'),
        field('warranty', '1 year'),
        field(VIDEO_METAFIELD_KEY, ' dQw4w9WgXcQ '),
        field(VIDEO_METAFIELD_KEY, 'LA9LX8I_6Ym'),
      ]),
    ).toEqual(['LA9LX8I_6Ym', 'dQw4w9WgXcQ']);
  });

  it('drops values that are not video ids', () => {
    expect(
      videoIds([
        field(VIDEO_METAFIELD_KEY, 'javascript:alert(1)'),
        field(VIDEO_METAFIELD_KEY, '"><script>'),
        field(VIDEO_METAFIELD_KEY, 'abc'),
        field(VIDEO_METAFIELD_KEY, ''),
      ]),
    ).toEqual([]);
  });
});

describe('video URLs', () => {
  it('builds the thumbnail from the image service base', () => {
    expect(videoThumbnailUrl('dQw4w9WgXcQ', 'https://img.youtube.com/vi/')).toBe(
      'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    expect(videoThumbnailUrl('dQw4w9WgXcQ', 'https://img.youtube.com/vi')).toBe(
      'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
  });

  it('builds the player URL from the embed base', () => {
    expect(videoEmbedUrl('dQw4w9WgXcQ', 'https://www.youtube.com/embed/')).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
  });
});

describe('VIDEO_THUMBNAIL_FALLBACK', () => {
  it('is a picture the store serves itself, so it loads when the video host does not', () => {
    expect(VIDEO_THUMBNAIL_FALLBACK).toMatch(/^\/[^/]/);
    const svg = readFileSync(
      new URL(`../public${VIDEO_THUMBNAIL_FALLBACK}`, import.meta.url),
      'utf8',
    );
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 480 360"/);
  });
});
