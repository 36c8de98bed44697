import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eachCase } from '../../shared/each-case.testing.ts';
import {
  brokenLinks,
  headingAnchors,
  headingSlug,
  markdownLinks,
  repositoryDocsProblems,
} from './docs-links.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('markdownLinks', () => {
  it('finds inline links, images and reference definitions with their lines', () => {
    const text = [
      'See [the API](docs/api.md#cart) and ![a picture](public/logo.svg "Logo").',
      '',
      '[deploy]: docs/deployment.md',
      'Nested [`code` in text](<docs/a b.md>).',
    ].join('\n');
    expect(markdownLinks(text)).toEqual([
      { target: 'docs/api.md#cart', line: 1 },
      { target: 'public/logo.svg', line: 1 },
      { target: 'docs/deployment.md', line: 3 },
      { target: 'docs/a b.md', line: 4 },
    ]);
  });

  it('leaves out links inside fenced code blocks and code spans', () => {
    const text = [
      'Text `[not](a-link.md)` here.',
      '```md',
      '[inside](fence.md)',
      '```',
      '~~~',
      '```',
      '[still inside](tilde.md)',
      '~~~',
      '[after](after.md)',
    ].join('\n');
    expect(markdownLinks(text)).toEqual([{ target: 'after.md', line: 9 }]);
  });
});

describe('headingSlug and headingAnchors', () => {
  eachCase('slugs %s', headingSlug, [
    [
      'Routes we added (the spec does not show their calls)',
      'routes-we-added-the-spec-does-not-show-their-calls',
    ],
    ["The spec's calls", 'the-specs-calls'],
    ['Measured: static pages while the API is busy', 'measured-static-pages-while-the-api-is-busy'],
    ['`npm run bench` figures', 'npm-run-bench-figures'],
    [
      'Warm publishes: work proportional to the change',
      'warm-publishes-work-proportional-to-the-change',
    ],
  ]);

  it('numbers repeated headings and skips code blocks', () => {
    const text = ['# Cart', '## Cart', '```', '# Not a heading', '```', '### Cart ##'].join('\n');
    expect([...headingAnchors(text)]).toEqual(['cart', 'cart-1', 'cart-2']);
  });
});

describe('brokenLinks', () => {
  const files: Record<string, string> = {
    '/repo/README.md': '# Store\n',
    '/repo/docs/api.md': '# API\n\n## Cart\n',
    '/repo/src/lib/env.ts': 'export {};\n',
    '/repo/src/lib': '',
  };
  const exists = (path: string) => path in files;
  const readText = (path: string) => (path.endsWith('.md') ? files[path] : undefined);
  const check = (file: string, text: string) => brokenLinks('/repo', file, text, exists, readText);

  it('accepts links to files, folders and headings that exist, and external links', () => {
    const text = [
      '[api](api.md#cart) [env](../src/lib/env.ts) [lib](../src/lib/) [readme](../README.md)',
      '[root](/docs/api.md) [site](https://astro.build) [mail](mailto:a@example.com)',
      '[self](#api) [cdn](//cdn.example.com/x.js)',
    ].join('\n');
    expect(check('docs/api.md', text)).toEqual([]);
  });

  it('names each link to a missing file with its line', () => {
    expect(
      check('README.md', 'ok [a](docs/api.md)\n[b](docs/gone.md) [c](src/lib/old.ts#L3)'),
    ).toEqual([
      'README.md:2: docs/gone.md (no docs/gone.md)',
      'README.md:2: src/lib/old.ts#L3 (no src/lib/old.ts)',
    ]);
  });

  it('resolves a docs file link from the docs folder, not the root', () => {
    expect(check('docs/api.md', '[readme](README.md)')).toEqual([
      'docs/api.md:1: README.md (no docs/README.md)',
    ]);
  });

  it('names an anchor no heading makes, in the file linked or the file itself', () => {
    expect(check('README.md', '[a](docs/api.md#checkout) [b](#nowhere)')).toEqual([
      'README.md:1: docs/api.md#checkout (no heading #checkout in docs/api.md)',
      'README.md:1: #nowhere (no heading #nowhere in README.md)',
    ]);
  });
});

describe('repositoryDocsProblems', () => {
  it('names a README over 12,000 bytes and a dead link in docs/', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-links-'));
    try {
      mkdirSync(join(dir, 'docs'));
      writeFileSync(join(dir, 'README.md'), `[docs](docs/a.md)\n${'x'.repeat(12_000)}`);
      writeFileSync(join(dir, 'docs', 'a.md'), '# A\n\n[gone](b.md)\n');
      expect(repositoryDocsProblems(dir)).toEqual([
        'README.md is 12018 bytes, over its 12000: move reference material to docs/',
        'docs/a.md:3: b.md (no docs/b.md)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the repository', () => {
  it('keeps README.md under 12,000 bytes and every relative link of README.md and docs/ alive', () => {
    expect(repositoryDocsProblems(root)).toEqual([]);
  });
});
