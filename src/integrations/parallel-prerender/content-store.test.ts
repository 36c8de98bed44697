import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContentModule, storeSingleton, WorkerContentStore } from './content-store.ts';

const navEntry = { id: '1', data: { title: 'Pallet jack parts' } };
const store = () =>
  new WorkerContentStore(
    new Map([
      ['nav', new Map([['1', navEntry]])],
      ['articles', new Map<string, unknown>()],
    ]),
    ['products'],
  );

describe('WorkerContentStore', () => {
  it('answers as Astro’s store does for the collections it holds', () => {
    const content = store();
    expect(content.hasCollection('nav')).toBe(true);
    expect(content.get('nav', '1')).toBe(navEntry);
    expect(content.has('nav', '1')).toBe(true);
    expect(content.has('nav', '2')).toBe(false);
    expect(content.entries('nav')).toEqual([['1', navEntry]]);
    expect(content.values('nav')).toEqual([navEntry]);
    expect(content.keys('nav')).toEqual(['1']);
    expect(content.values('articles')).toEqual([]);
    expect([...content.collections().keys()]).toEqual(['nav', 'articles']);
  });

  it('has no collection it was not given, as Astro has none it did not load', () => {
    const content = store();
    expect(content.hasCollection('pages')).toBe(false);
    expect(content.values('pages')).toEqual([]);
    expect(content.get('pages', 'x')).toBeUndefined();
  });

  it('fails a read of a collection the build process keeps, saying where to read it', () => {
    const content = store();
    for (const read of [
      () => content.hasCollection('products'),
      () => content.get('products', '7'),
      () => content.values('products'),
      () => content.entries('products'),
      () => content.keys('products'),
      () => content.has('products', '7'),
    ])
      expect(read).toThrow(
        /^The "products" collection is not loaded in the prerender workers: read it in the route's getStaticPaths/,
      );
  });
});

describe('loadContentModule', () => {
  it("loads the bundle's content chunk, which puts the store's singleton on globalThis", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'content-module-'));
    try {
      mkdirSync(join(dir, 'chunks'));
      writeFileSync(
        join(dir, 'chunks', '_astro_content_Ab12.mjs'),
        `globalThis[Symbol.for('astro.contentStore')] = { marker: ${JSON.stringify(dir)} };`,
      );
      expect(await loadContentModule(dir)).toBe(true);
      expect(storeSingleton()).toEqual({ marker: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says so when the bundle has no content module', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'content-module-'));
    try {
      expect(await loadContentModule(dir)).toBe(false);
      mkdirSync(join(dir, 'chunks'));
      writeFileSync(join(dir, 'chunks', 'other_Zz.mjs'), '');
      expect(await loadContentModule(dir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
