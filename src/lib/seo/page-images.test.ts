import { describe, expect, it } from 'vitest';
import { storeConfig } from '../../../shared/store-config.ts';
import { pageMayShow, shareableImages } from './page-images.ts';

const site = 'https://shop.example.com';

describe('pageMayShow', () => {
  it.each([
    ['/api/media/products/wheel-1.svg', true],
    ['https://shop.example.com/images/a.png', true],
    [`${new URL(storeConfig.theme.video.thumbnailBase).origin}/vi/x/0.jpg`, true],
    ['https://cdn.elsewhere.example/wheel.jpg', false],
    ['http://shop.example.com/images/a.png', false],
    ['//cdn.elsewhere.example/wheel.jpg', false],
    ['javascript:alert(1)', false],
    ['http://[not a url', false],
  ])('%s: %s', (url, shown) => {
    expect(pageMayShow(url, site)).toBe(shown);
  });
});

it('shareableImages keeps what the page may show, absolute and in order', () => {
  expect(
    shareableImages(['/b.svg', 'https://cdn.elsewhere.example/a.jpg', '/c.svg'], site),
  ).toEqual(['https://shop.example.com/b.svg', 'https://shop.example.com/c.svg']);
});
