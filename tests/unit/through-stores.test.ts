import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPaths, importProblems, root } from './import-rules.testing.ts';

/**
 * "Islands reach the API only through stores": the lint rule of eslint.config.js refuses an
 * import of src/lib/api in an island or a component's script. These tests read the project's
 * real configuration, show the rule firing and where it does not, and check the real tree.
 */
const api = join(root, 'src/lib/api');

/** The modules of a folder that ship to the browser (tests left out). */
const browserModules = (folder: string): string[] =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|astro)$/.test(file) && !/\.test\.tsx?$|\.testing\.ts$/.test(file))
    .map((file) => join(root, folder, file));

describe('islands reach the API through stores', () => {
  it.each([
    ['src/islands/cart/CartOverlay.tsx', "import { getJson } from '../../lib/api/client.ts';"],
    ['src/islands/buy-box/BuyBox.tsx', "import { ApiError } from '../../lib/api/index.ts';"],
    ['src/islands/account/Wallet.tsx', "import { requestJson } from '../../lib/api';"],
    ['src/islands/cart/ShippingEstimate.tsx', "import { x } from '../../lib/api/shipping.ts';"],
    [
      'src/components/home/scripts/quote-overlay.ts',
      "import { requestJson } from '../../../lib/api/client.ts';",
    ],
    [
      'src/components/shell/AccountLinks.astro/1_1.ts',
      "import { getJson } from '../../lib/api/client.ts';",
    ],
  ])('the lint rule refuses an import of src/lib/api in %s', async (file, code) => {
    const found = await importProblems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-imports: .*through src\/stores/);
  });

  it('keeps the layer rule there too', async () => {
    const found = await importProblems(
      'src/islands/cart/CartLineRow.tsx',
      "import { x } from '../../../server/app.ts';",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/do not import each other/);
  });

  it.each([
    ['src/islands/cart/CartOverlay.tsx', "import { $cart } from '../../stores/cart.ts';"],
    ['src/stores/cart.ts', "import { getJson } from '../lib/api/client.ts';"],
    ['src/lib/account/api.ts', "import { requestJson } from '../api/client.ts';"],
    ['src/islands/account/boundary.test.ts', "import { x } from '../../lib/api/client.ts';"],
  ])(
    'lets stores, src/lib and tests call the client, islands the stores: %s',
    async (file, code) => {
      expect(await importProblems(file, code)).toEqual([]);
    },
  );

  // no-restricted-imports does not read import(): the tree's check below does.
  it('holds for every island and component script in the tree today', () => {
    const offenders = ['src/islands', 'src/components'].flatMap((folder) =>
      browserModules(folder).flatMap((file) =>
        importedPaths(readFileSync(file, 'utf8'))
          .map((path) => resolve(dirname(file), path))
          .filter((path) => path === api || path.startsWith(`${api}/`))
          .map((path) => `${relative(root, file)} -> ${relative(root, path)}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
