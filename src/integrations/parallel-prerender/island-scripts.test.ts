import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import { getPrescripts } from 'astro/runtime/server/scripts.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  islandScriptFiles,
  linkIslandScripts,
  manifestDirectives,
  writeIslandScripts,
} from './island-scripts.ts';

// Issue 33, item 5: Astro's island runtime and client directives are files the pages link,
// not 5.4 KB inline in every page (patches/astro+7.3.5.patch).

const directives: [string, string][] = [
  ['idle', '(()=>{window.Astro={idle:1}})();'],
  ['interact', '(()=>{window.Astro={interact:1}})();'],
];
const FILES = Symbol.for('astro.islandScriptFiles');
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[FILES];
});

/** What Astro's renderer puts before a page's first island of `directive`. */
const prescripts = (directive: string) =>
  getPrescripts({ clientDirectives: new Map(directives) } as never, 'both', directive);

describe('island scripts as files', () => {
  it('names the runtime and every directive by content', () => {
    const files = islandScriptFiles(directives);
    expect([...files.values()]).toEqual([
      expect.stringMatching(/^_astro\/island\.[\w-]{10}\.js$/),
      expect.stringMatching(/^_astro\/island-idle\.[\w-]{10}\.js$/),
      expect.stringMatching(/^_astro\/island-interact\.[\w-]{10}\.js$/),
    ]);
    expect(files.get(islandRuntime)).toMatch(/^_astro\/island\./);
    // Another text, another name; the same text, the same name in any process.
    const changed = islandScriptFiles([['idle', `${directives[0]?.[1] ?? ''};`]]);
    expect(changed.get(`${directives[0]?.[1] ?? ''};`)).not.toBe(
      files.get(directives[0]?.[1] ?? ''),
    );
    expect(islandScriptFiles(directives)).toEqual(files);
  });

  it('writes each file with its script', async () => {
    const out = mkdtempSync(join(tmpdir(), 'island-scripts-'));
    try {
      const files = islandScriptFiles(directives);
      await writeIslandScripts(files, out);
      for (const [text, file] of files) {
        expect(readFileSync(join(out, file), 'utf8')).toBe(text);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("has Astro's renderer link the files, deferred, and inline them where none were written", () => {
    expect(prescripts('idle')).toContain(`<script>${islandRuntime}</script>`);
    const files = islandScriptFiles(directives);
    linkIslandScripts(files);
    const linked = prescripts('idle');
    expect(linked).not.toContain(islandRuntime);
    expect(linked).toBe(
      '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>' +
        `<script src="/${files.get(directives[0]?.[1] ?? '') ?? ''}" defer></script>` +
        `<script src="/${files.get(islandRuntime) ?? ''}" defer></script>`,
    );
  });

  it("reads a manifest's directives, as a Map or as its serialised pairs", () => {
    expect(manifestDirectives({ clientDirectives: new Map(directives) })).toEqual(directives);
    expect(manifestDirectives({ clientDirectives: directives })).toEqual(directives);
    expect(() => manifestDirectives({})).toThrow(/no client directives/);
  });
});
