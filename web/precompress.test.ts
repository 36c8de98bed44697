import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { partInclude } from '../src/lib/shell/shell-parts.ts';
import { precompressFiles, precompressTree } from './precompress.ts';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
const filler = '<p>Filler that makes the page worth compressing.</p>'.repeat(30);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'precompress-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('precompressTree', () => {
  it('compresses what the server sends as it is, not a page the server fills with parts', async () => {
    write('plain/index.html', `<html><body>${filler}</body></html>`);
    write('shell/index.html', `<html><body>${partInclude('menus')}${filler}</body></html>`);
    // Left by the release it was linked from, before the page had parts: it would be sent.
    write('shell/index.html.gz', 'an older page');
    write('shell/index.html.br', 'an older page');
    write('_astro/app.js', `export const a = ${JSON.stringify(filler)};`);
    const report = await precompressTree(root);
    expect(existsSync(join(root, 'plain/index.html.br'))).toBe(true);
    expect(existsSync(join(root, '_astro/app.js.gz'))).toBe(true);
    expect(existsSync(join(root, 'shell/index.html.gz'))).toBe(false);
    expect(existsSync(join(root, 'shell/index.html.br'))).toBe(false);
    expect(report).toMatchObject({ files: 3, compressed: 2, assembled: 1 });
  });

  it("takes the CSP hashes of every page's inline scripts, those the server fills in too", async () => {
    // Text beyond ASCII in a script: the hash is of its UTF-8 bytes, as a browser takes it.
    const plain = "<script>alert('Ø 12 mm – 50 €')</script>";
    const assembled = '<script type="module">go()</script>';
    write('plain/index.html', `<html><body>${plain}${filler}</body></html>`);
    write('shell/index.html', `<html><body>${partInclude('menus')}${assembled}</body></html>`);
    write(
      'other/index.html',
      `<script src="/_astro/a.js"></script><script type="application/ld+json">{}</script>`,
    );
    const scriptHashes = new Set<string>();
    await precompressTree(root, { scriptHashes });
    const hash = (script: string) =>
      `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
    expect([...scriptHashes].sort()).toEqual(
      [hash("alert('Ø 12 mm – 50 €')"), hash('go()')].sort(),
    );
  });

  it('names a stray command as it was written, beyond ASCII too', async () => {
    write('products/jack/index.html', `<p>${filler}<!--#echo var="Größe" --></p>`);
    await expect(precompressTree(root)).rejects.toThrow(/<!--#echo var="Größe" -->/);
  });

  it('refuses a page with a server-side include that is not a shell part, naming it', async () => {
    write('products/wheel/index.html', `<p>${filler}<!--# include virtual="/api/customer" --></p>`);
    await expect(precompressTree(root)).rejects.toThrow(
      /\/products\/wheel\/index\.html carries a server-side include command that is not the shell's: <!--# include virtual="\/api\/customer" -->/,
    );
  });
});

describe('precompressFiles', () => {
  it("removes an assembled page's older copies without a listing of the tree", async () => {
    // A warm publish names only the files it wrote; their neighbours were never listed.
    write('shell/index.html', `<html><body>${partInclude('menus')}${filler}</body></html>`);
    write('shell/index.html.gz', 'an older page');
    write('shell/index.html.br', 'an older page');
    const report = await precompressFiles(root, [join(root, 'shell/index.html')]);
    expect(existsSync(join(root, 'shell/index.html.gz'))).toBe(false);
    expect(existsSync(join(root, 'shell/index.html.br'))).toBe(false);
    expect(report).toMatchObject({ files: 1, assembled: 1 });
  });
});
