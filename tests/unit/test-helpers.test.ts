import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One convention for test helpers (issue 30 item 4; docs/testing.md): beside the code, a
 * module only tests use ends in `.testing.ts`, or sits in a `testing/` folder when an area
 * has several; under tests/, a helper is named by what it gives (page-types.ts,
 * seed-records.ts) and Playwright's own fixtures are fixtures.ts. The seven other ways
 * (testing.ts, test-client.ts, -fixture, -fixtures, -helpers...) are refused here.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
/** The layers beside tests/; scripts/test.ts is `npm test` itself. */
const LAYERS = ['shared', 'src', 'server', 'web', 'publisher', 'stack', 'bench', 'scripts'];

/** A name that says "for tests" in a way the convention does not use. */
const OTHER_WAY =
  /(?:^|[/-])(?:testing|test|tests|fixtures?|helpers?)(?:[-.][\w-]+)?\.tsx?$|\/test-[\w-]+\.tsx?$/;

const modules = (folder: string): string[] =>
  readdirSync(`${root}${folder}`, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes('node_modules'))
    .map((file) => `${folder}/${file}`);

describe('test helpers', () => {
  it('are *.testing.ts or in a testing/ folder beside the code', () => {
    const files = LAYERS.flatMap(modules);
    expect(files.length).toBeGreaterThan(500);
    const otherWays = files.filter(
      (file) =>
        !/\.(?:test|testing)\.tsx?$/.test(file) &&
        !file.includes('/testing/') &&
        file !== 'scripts/test.ts' &&
        OTHER_WAY.test(file),
    );
    expect(otherWays).toEqual([]);
  });

  it('are named by what they give under tests/, fixtures.ts aside', () => {
    const files = ['tests/e2e', 'tests/build', 'tests/unit'].flatMap(modules);
    const otherWays = files.filter(
      (file) =>
        !/\.(?:spec|test)\.ts$/.test(file) &&
        !file.endsWith('/fixtures.ts') &&
        OTHER_WAY.test(file),
    );
    expect(otherWays).toEqual([]);
  });
});
