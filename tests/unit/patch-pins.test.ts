import { describe, expect, it } from 'vitest';
import { parsePatchFile, patchPinProblems, repositoryPatchPinProblems } from './patch-pins.ts';

describe('parsePatchFile', () => {
  it.each([
    ['astro+7.3.5.patch', 'astro', ['astro'], '7.3.5'],
    ['@astrojs+react+7.0.0.patch', '@astrojs/react', ['@astrojs/react'], '7.0.0'],
    ['vitest+5.1.1.dev.patch', 'vitest', ['vitest'], '5.1.1'],
    ['astro+7.4.0-beta.2+001+first-fix.patch', 'astro', ['astro'], '7.4.0-beta.2'],
    [
      'astro++@astrojs+compiler+3.0.1.patch',
      '@astrojs/compiler',
      ['astro', '@astrojs/compiler'],
      '3.0.1',
    ],
  ])('reads %s', (file, name, path, version) => {
    expect(parsePatchFile(file)).toEqual({ file, name, path, version });
  });

  it('refuses a name without a version', () => {
    expect(() => parsePatchFile('astro.patch')).toThrow(/no package name and version/);
  });
});

const astro = parsePatchFile('astro+7.3.5.patch');
const lockWith = (rootSpec: string | undefined, installed = '7.3.5') => ({
  packages: {
    '': { dependencies: rootSpec === undefined ? {} : { astro: rootSpec } },
    'node_modules/astro': { version: installed },
  },
});

describe('patchPinProblems', () => {
  it('accepts a patched package pinned to the patch version everywhere', () => {
    expect(
      patchPinProblems([astro], { dependencies: { astro: '7.3.5' } }, lockWith('7.3.5')),
    ).toEqual([]);
  });

  it('finds a patched package given as a range', () => {
    const problems = patchPinProblems(
      [astro],
      { dependencies: { astro: '^7.3.5' } },
      lockWith('^7.3.5'),
    );
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /package\.json gives astro as "\^7\.3\.5", a range: pin it to "7\.3\.5"/,
    );
    expect(problems[1]).toMatch(/package-lock\.json \(packages\[""\]\) gives astro as "\^7\.3\.5"/);
  });

  it.each(['~7.3.5', '7.x', '*', 'latest', '>=7.3.5 <8'])('calls "%s" a range', (spec) => {
    expect(patchPinProblems([astro], { dependencies: { astro: spec } }, lockWith('7.3.5'))).toEqual(
      [expect.stringMatching(/a range/)],
    );
  });

  it('finds a pin that has moved on from the patch', () => {
    const problems = patchPinProblems(
      [astro],
      { dependencies: { astro: '7.4.0' } },
      lockWith('7.4.0', '7.4.0'),
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /patches\/astro\+7\.3\.5\.patch is for astro 7\.3\.5, but package-lock\.json installs 7\.4\.0/,
      ),
      expect.stringMatching(/package\.json pins astro 7\.4\.0, but .* is written for 7\.3\.5/),
      expect.stringMatching(/package-lock\.json .* pins astro 7\.4\.0/),
    ]);
  });

  it('finds a lockfile whose root entry disagrees with package.json', () => {
    const problems = patchPinProblems(
      [astro],
      { devDependencies: { astro: '7.3.5' } },
      lockWith(undefined),
    );
    expect(problems).toEqual([expect.stringMatching(/package-lock\.json .* does not list/)]);
  });

  it('checks a nested dependency through the lockfile alone', () => {
    const nested = parsePatchFile('astro++@astrojs+compiler+3.0.1.patch');
    const lock = {
      packages: { 'node_modules/astro/node_modules/@astrojs/compiler': { version: '3.0.2' } },
    };
    expect(patchPinProblems([nested], {}, lock)).toEqual([
      expect.stringMatching(/installs 3\.0\.2/),
    ]);
  });
});

describe('this repository', () => {
  it('pins every patched package to the exact version its patch is written for', () => {
    expect(repositoryPatchPinProblems(process.cwd())).toEqual([]);
  });
});
