import { ESLint, Linter } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The dependency between the build's loaders and src/lib runs one way: src/loaders imports
 * src/lib (the record schemas in shared/contracts, the URL rule, the sanitiser) and src/lib
 * never imports src/loaders. eslint.config.js holds the rule; these tests read the project's
 * real configuration and tree.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** What the project's no-restricted-imports setting for `file` says about `code`. */
async function problems(file: string, code: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Linter.RulesRecord };
  const setting = config.rules?.['no-restricted-imports'];
  const rules: Linter.RulesRecord =
    setting === undefined ? {} : { 'no-restricted-imports': setting };
  return new Linter()
    .verify(code, [{ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' }, rules }])
    .map((message) => `${String(message.ruleId)}: ${message.message}`);
}

/** The relative paths a module's import and export statements name (static and dynamic). */
const importedPaths = (source: string): string[] =>
  [
    ...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*['"](\.[^'"]*)['"]/gm),
    ...source.matchAll(/^\s*import\s*['"](\.[^'"]*)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"](\.[^'"]*)['"]\s*\)/g),
  ].map((match) => match[1] ?? '');

describe('src/lib never imports src/loaders', () => {
  it.each([
    ['src/lib/shell/nav-menu.ts', "import { navNodeSchema } from '../../loaders/list-sources.ts';"],
    ['shared/catalogue-url.ts', "export { readApiList } from '../loaders/api-list-loader.ts';"],
    ['src/lib/product/cache-key.test.ts', "import '../../loaders/testing.ts';"],
  ])('the lint rule refuses an import of the loaders in %s', async (file, code) => {
    const found = await problems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: .*src\/lib\/contracts/);
  });

  it('lets src/lib import the contracts, and the loaders import src/lib', async () => {
    expect(
      await problems(
        'src/lib/shell/nav-menu.ts',
        "import { navNodeSchema } from '../contracts/catalogue-records.ts';",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'src/loaders/list-sources.ts',
        "import { navNodeSchema } from '../../shared/contracts/catalogue-records.ts';",
      ),
    ).toEqual([]);
  });

  it('holds for every file in src/lib today', () => {
    const lib = join(root, 'src/lib');
    const loaders = join(root, 'src/loaders');
    const files = readdirSync(lib, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => join(lib, file));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      importedPaths(readFileSync(file, 'utf8'))
        .map((path) => resolve(dirname(file), path))
        .filter((path) => path.startsWith(`${loaders}/`))
        .map((path) => `${relative(root, file)} -> ${relative(root, path)}`),
    );
    expect(offenders).toEqual([]);
  });
});
