import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkTree } from './link-tree.ts';

let root = '';
// Two trees of 4,100 folders: a loaded machine took more than the default 10 s to remove them.
afterEach(() => rm(root, { recursive: true, force: true }), 60_000);

const files = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

describe('linkTree', () => {
  it('links every file of the tree, a big folder split between two cp processes', async () => {
    root = mkdtempSync(join(tmpdir(), 'link-tree-'));
    const from = join(root, 'live');
    // More page folders than one cp is handed at once, names a shell would mangle among them.
    for (let n = 0; n < 4_100; n++) {
      const dir = join(from, 'products', n === 7 ? '-rf $(x) *' : `part-${String(n)}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'index.html'), `<p>${String(n)}</p>`);
    }
    mkdirSync(join(from, 'pagefind', 'fragment'), { recursive: true });
    writeFileSync(join(from, 'pagefind', 'fragment', 'a.pf_fragment'), 'x');
    writeFileSync(join(from, 'index.html'), '<p>home</p>');
    const to = join(root, 'next');
    await linkTree(from, to);
    const linked = files(to);
    expect(linked).toEqual(files(from));
    expect(linked).toHaveLength(4_102);
    for (const file of linked)
      expect(statSync(join(to, file)).ino).toBe(statSync(join(from, file)).ino);
  });

  it('takes paths relative to the working folder, as the default PUBLISH_DIR is', async () => {
    root = mkdtempSync(join(tmpdir(), 'link-tree-'));
    mkdirSync(join(root, 'live', 'products', 'a'), { recursive: true });
    writeFileSync(join(root, 'live', 'products', 'a', 'index.html'), '<p>a</p>');
    const cwd = process.cwd();
    process.chdir(root);
    try {
      await linkTree('live', 'next');
    } finally {
      process.chdir(cwd);
    }
    expect(files(join(root, 'next'))).toEqual(['products/a/index.html']);
  });

  it('stops when aborted, and refuses a target that is there', async () => {
    root = mkdtempSync(join(tmpdir(), 'link-tree-'));
    const from = join(root, 'live');
    mkdirSync(join(from, 'products', 'a'), { recursive: true });
    await expect(linkTree(from, join(root, 'a'), AbortSignal.abort())).rejects.toThrow();
    mkdirSync(join(root, 'b'));
    await expect(linkTree(from, join(root, 'b'))).rejects.toThrow(/EEXIST/);
  });
});
