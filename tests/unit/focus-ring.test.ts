import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The focus ring is one rule (src/layouts/Base.astro: `:focus-visible`, 3 px of --focus) and
 * its colour one custom property: a stylesheet may move the ring (outline-offset) or use the
 * variant for dark backgrounds (--focus-on-dark), never write a colour of its own, which is how
 * nine copies in four colours came about (issue 30 item 4).
 */
const root = fileURLToPath(new URL('../../src/', import.meta.url));

const styled = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(css|astro|tsx)$/.test(file))
  .map((file) => join(root, file));

/** Every `outline` and `outline-color` declaration of a file, with its value. */
const outlines = (source: string): string[] =>
  [...source.matchAll(/\boutline(?:-color)?\s*:\s*([^;}]+)/g)].map((match) =>
    (match[1] ?? '').trim(),
  );

describe('the focus ring', () => {
  it('takes its colour from --focus or --focus-on-dark everywhere', () => {
    expect(styled.length).toBeGreaterThan(50);
    const own = styled.flatMap((file) =>
      outlines(readFileSync(file, 'utf8'))
        .filter((value) => value !== 'none' && !/var\(--focus(?:-on-dark)?\)/.test(value))
        .map((value) => `${relative(root, file)}: ${value}`),
    );
    expect(own).toEqual([]);
  });

  it('is defined once, in the layout every page uses', () => {
    const defined = styled.filter((file) => /--focus\s*:/.test(readFileSync(file, 'utf8')));
    expect(defined.map((file) => relative(root, file))).toEqual(['layouts/Base.astro']);
  });
});
