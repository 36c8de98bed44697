import { describe, expect, it } from 'vitest';
import { expectValidPdf, expectWellFormed, readGlb } from '../media/media.testing.ts';
import { testApp } from '../testing/app.ts';
import { matchesEtag, MEDIA_CACHE_CONTROL } from './media.ts';

const { app } = testApp();
const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`http://localhost/api/media${path}`, { headers });

async function notFound(path: string) {
  const reply = await get(path);
  expect(reply.status, path).toBe(404);
  expect(reply.headers.get('content-type')).toMatch(/application\/json/);
  expect(((await reply.json()) as { error: string }).error).toMatch(/not found/);
}

/** The width and height attributes of the outer <svg>. */
function sizeOf(svg: string): { width: number; height: number; viewBox: string } {
  const tag = /^<svg [^>]*>/.exec(svg)?.[0] ?? '';
  return {
    width: Number(/ width="(\d+)"/.exec(tag)?.[1]),
    height: Number(/ height="(\d+)"/.exec(tag)?.[1]),
    viewBox: /viewBox="([^"]+)"/.exec(tag)?.[1] ?? '',
  };
}

describe('product pictures', () => {
  it('serves an 800x800 SVG with long caching and an ETag', async () => {
    const reply = await get('/products/wheel-3.svg');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(reply.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(reply.headers.get('cache-control')).toMatch(/public.*max-age=\d{6,}/);
    expect(reply.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await reply.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(sizeOf(svg)).toEqual({ width: 800, height: 800, viewBox: '0 0 800 800' });
    expect(svg).toContain('WHEEL 3');
    expectWellFormed(svg);
  });

  it('is the same bytes and ETag every time, and differs by number', async () => {
    const a = await get('/products/pump-7.svg');
    const b = await get('/products/pump-7.svg');
    const c = await get('/products/pump-8.svg');
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect(await a.text()).toBe(await b.text());
    expect(c.headers.get('etag')).not.toBe(a.headers.get('etag'));
  });

  it('renders at a width suffix of 200 to 800', async () => {
    for (const width of [200, 300, 400, 500, 600, 700, 800]) {
      const svg = await (await get(`/products/seal-kit-3_${width}x.svg`)).text();
      expect(sizeOf(svg)).toEqual({ width, height: width, viewBox: '0 0 800 800' });
    }
  });

  it('draws unknown kinds as a generic part', async () => {
    const reply = await get('/products/gizmo-1.svg');
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('GIZMO 1');
  });

  it.each([
    '/products/wheel.svg',
    '/products/wheel-3.png',
    '/products/wheel-3_450x.svg',
    '/products/wheel-3_100x.svg',
    '/products/wheel-3_900x.svg',
    '/products/wheel-3_400.svg',
    '/products/Wheel-3.svg',
    '/products/wheel-3.svg.exe',
    '/products/wheel--3.svg',
    '/products/-3.svg',
    '/products/wheel-1234567.svg',
    '/products/wheel-3.svg%00.png',
    '/products/..%2F..%2Fetc%2Fpasswd',
    '/products/..%2F..%2Fetc%2Fpasswd.svg',
    '/products/%2e%2e%2fwheel-3.svg',
    '/products/..%5Cwheel-3.svg',
    '/products/wheel-3.svg%2F..',
    '/products/',
    '/products',
    `/products/${'a'.repeat(300)}-1.svg`,
  ])('answers %s with a JSON 404', async (path) => {
    await notFound(path);
  });
});

describe('collection and banner pictures', () => {
  it('draws a 600x400 collection picture titled from the handle', async () => {
    const reply = await get('/collections/pallet-jack-wheels.svg');
    expect(reply.status).toBe(200);
    const svg = await reply.text();
    expect(sizeOf(svg)).toEqual({ width: 600, height: 400, viewBox: '0 0 600 400' });
    // Named for assistive technology; the page prints the name beside the picture, so the
    // picture itself prints none (names read twice).
    expect(svg).toContain('<title>Pallet Jack Wheels</title>');
    expect(svg).not.toContain('</text>');
  });

  it('scales a collection picture by its width suffix', async () => {
    const svg = await (await get('/collections/seal-kits_300x.svg')).text();
    expect(sizeOf(svg)).toEqual({ width: 300, height: 200, viewBox: '0 0 600 400' });
  });

  it('draws hero banners 1600x500 with a headline from the name', async () => {
    const svg = await (await get('/banners/hero-pallet-jack-parts.svg')).text();
    expect(sizeOf(svg)).toEqual({ width: 1600, height: 500, viewBox: '0 0 1600 500' });
    expect(svg).toContain('>Pallet Jack Parts</text>');
  });

  it('serves every banner the store configuration names', async () => {
    const { storeConfig } = await import('../../shared/store-config.ts');
    const { images, featuredProducts, exitIntentPopUp } = storeConfig.theme;
    const urls = [
      ...images.heroSlides,
      ...images.shippingImages,
      images.bottomBanner,
      images.sidebarBanner,
      images.sellerRatingSeal,
      featuredProducts.bannerUrl,
      exitIntentPopUp.bgImageUrl,
    ];
    for (const url of urls) {
      const reply = await app.request(`http://localhost${url}`);
      expect(reply.status, url).toBe(200);
      expect(reply.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    }
  });

  it.each([
    '/collections/Bad_Handle.svg',
    '/collections/a..b.svg',
    '/collections/..%2Fsecret.svg',
    '/banners/hero-.svg',
    '/banners/hero pallet.svg',
    '/banners/hero-parts_1000x.svg',
    '/banners/x.pdf',
    '/elsewhere/x.svg',
  ])('answers %s with a JSON 404', async (path) => {
    await notFound(path);
  });
});

describe('ETag and 304', () => {
  it('answers 304 without a body when If-None-Match names the ETag', async () => {
    const first = await get('/products/battery-2.svg');
    const etag = first.headers.get('etag') ?? '';
    const again = await get('/products/battery-2.svg', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
  });

  it('answers 304 for a weak form, a list and *', async () => {
    const etag = (await get('/manuals/crown-manual.pdf')).headers.get('etag') ?? '';
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*']) {
      expect((await get('/manuals/crown-manual.pdf', { 'if-none-match': header })).status).toBe(
        304,
      );
    }
  });

  it('answers 200 when the ETag is stale', async () => {
    const reply = await get('/products/battery-2.svg', { 'if-none-match': '"stale"' });
    expect(reply.status).toBe(200);
  });

  it('matchesEtag compares whole tags only', () => {
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('', '"a"')).toBe(false);
    expect(matchesEtag('"ab"', '"a"')).toBe(false);
    expect(matchesEtag(' "a" ', '"a"')).toBe(true);
  });
});

describe('manuals', () => {
  it('serves a valid PDF with its content type', async () => {
    const reply = await get('/manuals/crown-pth50-load-wheel.pdf');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(reply.headers.get('content-disposition')).toBe(
      'inline; filename="crown-pth50-load-wheel.pdf"',
    );
    expect(reply.headers.get('content-security-policy')).toBeNull();
    const bytes = Buffer.from(await reply.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(bytes.toString('latin1')).toContain('(Crown PTH50 Load Wheel)');
    // The cross-reference offsets point at the objects; stream lengths are exact.
    expectValidPdf(bytes);
  });

  it.each(['/manuals/x.PDF', '/manuals/x.pdf.svg', '/manuals/..%2Fx.pdf', '/manuals/.pdf'])(
    'answers %s with a JSON 404',
    async (path) => {
      await notFound(path);
    },
  );
});

describe('models', () => {
  it('serves a binary glTF with its content type', async () => {
    const reply = await get('/models/wheel.glb');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('model/gltf-binary');
    const bytes = Buffer.from(await reply.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(bytes.readUInt32LE(4)).toBe(2);
    expect(bytes.readUInt32LE(8)).toBe(bytes.length);
    const { json } = readGlb(bytes);
    expect(json).toMatchObject({ asset: { version: '2.0' } });
  });

  it.each(['/models/wheel.gltf', '/models/WHEEL.glb', '/models/..%2Fwheel.glb'])(
    'answers %s with a JSON 404',
    async (path) => {
      await notFound(path);
    },
  );
});

describe('methods', () => {
  it('answers HEAD like GET without a body', async () => {
    const reply = await app.request('http://localhost/api/media/products/wheel-1.svg', {
      method: 'HEAD',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('etag')).toMatch(/^"/);
    expect(await reply.text()).toBe('');
  });

  it('does not accept writes', async () => {
    const reply = await app.request('http://localhost/api/media/products/wheel-1.svg', {
      method: 'POST',
    });
    expect(reply.status).toBe(404);
  });
});
