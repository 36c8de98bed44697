import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPaths, importProblems, root } from './import-rules.testing.ts';

/**
 * The layers of the house (docs/architecture.md), bottom to top: shared/ (wire contracts,
 * format helpers, env); the storefront (src/) and the reference API (server/) beside each
 * other; the entry points and the tests on top. Nothing imports upward or sideways, and
 * inside the storefront src/lib never imports src/loaders. eslint.config.js holds the rules
 * for the editor; these tests read the project's real configuration and its real tree.
 */

/** What each layer's modules may import, besides themselves. */
const MAY_IMPORT: Record<string, readonly string[]> = {
  shared: [],
  src: ['shared'],
  server: ['shared'],
  web: ['shared', 'src', 'server'],
  publisher: ['shared', 'src', 'server', 'web'],
  stack: ['shared', 'src', 'server', 'web', 'publisher'],
  bench: ['shared', 'src', 'server', 'web', 'publisher', 'stack'],
};

/** The layers above server/ reach it through its declared interface only. */
const SERVER_INTERFACE = 'server/index.ts';

/**
 * What a layer's test code (`*.test.ts`, `*.testing.ts` helpers, `testing/` folders) may
 * import besides: the storefront's tests drive the real API.
 */
const TESTS_MAY_ALSO_IMPORT: Record<string, readonly string[]> = {
  src: ['server'],
  web: ['publisher', 'stack'],
  publisher: ['stack'],
};

/** Whether a module is test code: a spec, a helper of specs, or a harness folder. */
const isTestCode = (file: string): boolean => /\.test\.tsx?$|\.testing\.ts$|\/testing\//.test(file);

/** Every module of a top-level folder, as absolute paths. */
function modulesOf(folder: string): string[] {
  const dir = join(root, folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|astro)$/.test(file) && !file.includes('node_modules'))
    .map((file) => join(dir, file));
}

/** The top-level folder a path is in. */
const layerOf = (path: string): string => relative(root, path).split('/')[0] ?? '';

describe('the layers read bottom to top', () => {
  it.each([
    ['server/catalog/read.ts', "import { x } from '../../src/lib/format/html-text.ts';"],
    ['server/routes/wallet.test.ts', "import { x } from '../../src/lib/account/api.ts';"],
    ['src/lib/cart/checkout.ts', "import { x } from '../../../server/cart/lines.ts';"],
    ['src/islands/cart/CartLineRow.tsx', "import { x } from '../../../server/app.ts';"],
    ['shared/env.ts', "import { x } from '../src/lib/config/index.ts';"],
    ['shared/contracts/wallet.ts', "import { x } from '../../server/accounts/wallet.ts';"],
  ])('the lint rule refuses an upward or sideways import in %s', async (file, code) => {
    const found = await importProblems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: .*(shared\/|do not import each other)/);
  });

  it('lets both sides import shared/, and the storefront tests drive the API', async () => {
    const contract = "import { x } from '../../shared/contracts/wallet.ts';";
    expect(await importProblems('server/accounts/wallet.ts', contract)).toEqual([]);
    expect(await importProblems('src/stores/wallet.ts', contract)).toEqual([]);
    expect(
      await importProblems(
        'src/stores/cart.test.ts',
        "import { x } from '../../server/testing/cart.ts';",
      ),
    ).toEqual([]);
  });

  it('holds for every module in the tree today', () => {
    const offenders = Object.entries(MAY_IMPORT).flatMap(([layer, allowed]) => {
      const files = modulesOf(layer);
      expect(files.length).toBeGreaterThan(10);
      return files.flatMap((file) => {
        const testAllowed = isTestCode(file) ? (TESTS_MAY_ALSO_IMPORT[layer] ?? []) : [];
        return importedPaths(readFileSync(file, 'utf8'))
          .map((path) => resolve(dirname(file), path))
          .filter((path) => {
            const target = layerOf(path);
            return target !== layer && !allowed.includes(target) && !testAllowed.includes(target);
          })
          .map((path) => `${relative(root, file)} -> ${relative(root, path)}`);
      });
    });
    expect(offenders).toEqual([]);
  });
});

describe('the parts above the API', () => {
  it.each([
    ['web/headers.ts', "import { x } from '../publisher/service.ts';"],
    ['publisher/service.ts', "import { x } from '../server/http/errors.ts';"],
    ['stack/stack.ts', "import { x } from '../bench/load.ts';"],
    ['bench/load.ts', "import { x } from '../scripts/bench.ts';"],
  ])('the lint rule refuses an upward import or a server internal in %s', async (file, code) => {
    const found = await importProblems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: .*A part imports the parts below it/);
  });

  it('lets a part import the parts below it and the API through server/index.ts', async () => {
    expect(
      await importProblems('stack/stack.ts', "import { x } from '../publisher/service.ts';"),
    ).toEqual([]);
    expect(
      await importProblems('publisher/service.ts', "import { x } from '../server/index.ts';"),
    ).toEqual([]);
  });

  it('reach the API through its declared interface only', () => {
    const server = join(root, 'server');
    const offenders = ['web', 'publisher', 'stack', 'bench', 'scripts'].flatMap((layer) =>
      modulesOf(layer)
        .filter((file) => !isTestCode(file))
        .flatMap((file) =>
          importedPaths(readFileSync(file, 'utf8'))
            .map((path) => resolve(dirname(file), path))
            .filter((path) => path.startsWith(`${server}/`))
            .filter((path) => relative(root, path) !== SERVER_INTERFACE)
            .map((path) => `${relative(root, file)} -> ${relative(root, path)}`),
        ),
    );
    expect(offenders).toEqual([]);
  });

  it('leave in scripts/ only the entry points package.json and the test runner name', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const named = [
      ...Object.values(pkg.scripts)
        .join(' ')
        .matchAll(/scripts\/[\w./-]+/g),
      ...readFileSync(join(root, 'playwright.config.ts'), 'utf8').matchAll(/scripts\/[\w./-]+/g),
    ].map((match) => match[0]);
    const entries = readdirSync(join(root, 'scripts'), { recursive: true, encoding: 'utf8' })
      .filter((file) => !/\.test\.ts$/.test(file))
      .map((file) => `scripts/${file}`);
    expect(entries.filter((file) => !named.includes(file))).toEqual([]);
  });
});

describe('the import graph', () => {
  it('has no cycles, type-only imports included', () => {
    const layers = ['shared', 'src', 'server', 'web', 'publisher', 'stack', 'bench', 'scripts'];
    const files = new Set(layers.flatMap(modulesOf));
    const graph = new Map(
      [...files].map((file) => [
        file,
        importedPaths(readFileSync(file, 'utf8'))
          .map((path) => resolve(dirname(file), path))
          .filter((path) => files.has(path)),
      ]),
    );
    // Tarjan's strongly connected components: a component of more than one module is a cycle.
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const cycles: string[][] = [];
    const visit = (file: string): void => {
      index.set(file, next);
      low.set(file, next);
      next += 1;
      stack.push(file);
      for (const target of graph.get(file) ?? []) {
        if (!index.has(target)) {
          visit(target);
          low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
        } else if (stack.includes(target)) {
          low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
        }
      }
      if (low.get(file) !== index.get(file)) return;
      const component: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        component.push(relative(root, member));
        if (member === file) break;
      }
      if (component.length > 1) cycles.push(component.sort());
    };
    for (const file of files) if (!index.has(file)) visit(file);
    expect(files.size).toBeGreaterThan(500);
    expect(cycles).toEqual([]);
  });
});

describe('src/lib never imports src/loaders', () => {
  it.each([
    ['src/lib/shell/nav-menu.ts', "import { navNodeSchema } from '../../loaders/list-sources.ts';"],
    ['src/lib/routing/paths.ts', "export { readApiList } from '../loaders/api-list-loader.ts';"],
    ['src/lib/product/cache-key.test.ts', "import '../../loaders/testing.ts';"],
  ])('the lint rule refuses an import of the loaders in %s', async (file, code) => {
    const found = await importProblems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: .*src\/lib or shared/);
  });

  it('lets src/lib import shared/, and the loaders import src/lib', async () => {
    expect(
      await importProblems(
        'src/lib/shell/nav-menu.ts',
        "import { navNodeSchema } from '../../../shared/contracts/catalogue-records.ts';",
      ),
    ).toEqual([]);
    expect(
      await importProblems(
        'src/loaders/list-sources.ts',
        "import { x } from '../lib/routing/paths.ts';",
      ),
    ).toEqual([]);
  });

  it('holds for every file in src/lib today', () => {
    const lib = join(root, 'src/lib');
    const loaders = join(root, 'src/loaders');
    const files = modulesOf('src/lib');
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      importedPaths(readFileSync(file, 'utf8'))
        .map((path) => resolve(dirname(file), path))
        .filter((path) => path.startsWith(`${loaders}/`))
        .map((path) => `${relative(root, file)} -> ${relative(root, path)}`),
    );
    expect(lib).toBeTruthy();
    expect(offenders).toEqual([]);
  });
});
