import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeDigest } from './code.ts';
import { outputFile, requestUrl } from './release.ts';

const page = (pathname: string) => ({
  pathname,
  route: `page /x src/pages/x.astro`,
  cacheKey: 'k',
});
const endpoint = (pathname: string) => ({
  pathname,
  route: `endpoint /x src/pages/x.ts`,
  cacheKey: undefined,
});

describe('where a warm publish renders and writes a path, as astro build does', () => {
  it('requests pages with a trailing slash and endpoints as they are', () => {
    expect(requestUrl(page('/products/a'), 'https://s.example/x')).toBe(
      'https://s.example/products/a/',
    );
    expect(requestUrl(page('/'), 'https://s.example')).toBe('https://s.example/');
    expect(requestUrl(endpoint('/robots.txt'), 'https://s.example')).toBe(
      'https://s.example/robots.txt',
    );
  });

  it('writes pages as folder/index.html, the status pages and endpoints as files', () => {
    expect(outputFile('/out', page('/products/a'))).toBe('/out/products/a/index.html');
    expect(outputFile('/out', page('/'))).toBe('/out/index.html');
    expect(outputFile('/out', page('/404'))).toBe('/out/404.html');
    expect(outputFile('/out', endpoint('/feeds/articles.json'))).toBe('/out/feeds/articles.json');
    // Encoded in the path, plain on disk (a brand with a space).
    expect(outputFile('/out', page('/brands/Big%20Joe'))).toBe('/out/brands/Big Joe/index.html');
  });
});

describe('the code digest a kept bundle is checked against', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('changes with a source file or a build setting, and with nothing else', async () => {
    root = mkdtempSync(join(tmpdir(), 'code-digest-'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'page.astro'), '<p>one</p>');
    writeFileSync(join(root, 'astro.config.mjs'), 'export default {}');
    const first = await codeDigest({ SITE_URL: 'https://a.example' }, root);
    expect(await codeDigest({ SITE_URL: 'https://a.example' }, root)).toBe(first);
    writeFileSync(join(root, 'notes.txt'), 'not part of the build');
    expect(await codeDigest({ SITE_URL: 'https://a.example' }, root)).toBe(first);
    expect(await codeDigest({ SITE_URL: 'https://b.example' }, root)).not.toBe(first);
    writeFileSync(join(root, 'src', 'page.astro'), '<p>two</p>');
    expect(await codeDigest({ SITE_URL: 'https://a.example' }, root)).not.toBe(first);
  });
});
