// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Why browser code may not fetch on its own. */
export const ONE_CLIENT =
  'Call the API through src/lib/api (getJson, sendJson, requestJson). A fetch of something that is not /api says why in an eslint-disable comment.';

/** Why islands may not import the API client. */
export const THROUGH_STORES =
  'Islands (and component scripts) reach the API through src/stores: move the call into a store, which holds its state and its errors, and call the store.';

/** Why src/lib may not import the loaders. */
export const LIB_IMPORTS =
  'src/lib may not import src/loaders: move what both need (a record schema, a rule) into src/lib or shared/.';

/**
 * The layers, bottom to top (docs/architecture.md): shared/ imports nothing of the project;
 * the storefront (src/) and the reference API (server/) import shared/ and not each other.
 * Checked against the real tree by tests/unit/layers.test.ts.
 */
export const SIDES_APART =
  'The storefront (src/) and the API (server/) do not import each other: what both need goes in shared/.';
export const SHARED_BELOW =
  'shared/ is the bottom layer and imports nothing of the project above it.';

export const PARTS_APART =
  'A part imports the parts below it only (web, then publisher, then stack, then bench) and the API only through server/index.ts.';

/** Test code: specs, their helpers (*.testing.ts) and harness folders. */
const TEST_CODE = ['**/*.test.{ts,tsx}', '**/*.testing.ts', '**/testing/**'];

/**
 * no-restricted-imports patterns: an import of a higher or a sibling layer.
 * @param {string[]} folders
 * @param {string} message
 */
const upward = (folders, message) =>
  folders.map((folder) => ({ group: [`**/${folder}/**`], message }));

/**
 * The import rule of one part above the API: the parts below it, the sides, shared/, and the
 * API through its declared interface.
 * @param {string} part
 * @param {string[]} above the parts it may not import
 */
function partRules(part, above) {
  /** @type {import('eslint').Linter.RuleEntry} */
  const rule = [
    'error',
    {
      patterns: [
        ...upward([...above, 'scripts', 'tests'], PARTS_APART),
        { group: ['**/server/**', '!**/server/index.ts'], message: PARTS_APART },
      ],
    },
  ];
  return {
    files: [`${part}/**/*.ts`],
    ignores: TEST_CODE,
    rules: { 'no-restricted-imports': rule },
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      // Releases of the site (npm run publish): built files, like dist/.
      'publish/',
      '.astro/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The rules of hooks and React's own checks (the compiler's rules) for every island.
    files: ['**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // An island renders on the server first and must render the same on its first client
      // render; what only the browser knows (the address, localStorage, the signed-in user)
      // is set in an effect once hydrated, which is the pattern this rule reports.
      'react-hooks/set-state-in-effect': 'off',
      // Reports event handlers made during render (the buy box's singleClick(() => ...), the
      // recently viewed cards' remove buttons) as reading a ref during render, though the ref
      // is read only when the handler runs.
      'react-hooks/refs': 'off',
    },
  },
  ...astro.configs.recommended,
  {
    // One client: browser code calls /api only through src/lib/api (its
    // time-out, errors, idempotency keys, retries). Build-time code (loaders, integrations,
    // data) reads the API with the merchandiser token through src/loaders/fetch-json.ts.
    // A browser module that fetches something else (a static file) says why in an
    // eslint-disable comment. Checked by src/lib/api/one-client.test.ts.
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: [
      'src/lib/api/**',
      'src/loaders/**',
      'src/integrations/**',
      'src/data/**',
      'src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: ONE_CLIENT }],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: ONE_CLIENT },
        { object: 'globalThis', property: 'fetch', message: ONE_CLIENT },
        { object: 'self', property: 'fetch', message: ONE_CLIENT },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='XMLHttpRequest']", message: ONE_CLIENT },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: upward(['src', 'server', 'scripts', 'tests'], SHARED_BELOW) },
      ],
    },
  },
  partRules('web', ['publisher', 'stack', 'bench']),
  partRules('publisher', ['stack', 'bench']),
  partRules('stack', ['bench']),
  partRules('bench', []),
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: upward(['src', 'scripts', 'tests'], SIDES_APART) },
      ],
    },
  },
  {
    // The storefront's tests may drive the reference API (its test harness and database):
    // the storefront's own modules may not.
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.testing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: upward(['server', 'scripts', 'tests'], SIDES_APART) },
      ],
    },
  },
  {
    // Islands render; stores call (docs/architecture.md, "Where a new feature goes"): an
    // island or a component's script imports no module of src/lib/api, and takes what it
    // needs of a call (its state, its words, an error type) from a store. The same rule name
    // as the block above, so its patterns are repeated here. Checked by
    // tests/unit/through-stores.test.ts.
    files: ['src/islands/**', 'src/components/**'],
    ignores: TEST_CODE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/lib/api', '**/lib/api/**'], message: THROUGH_STORES },
            ...upward(['server', 'scripts', 'tests'], SIDES_APART),
          ],
        },
      ],
    },
  },
  {
    // One direction: the loaders import src/lib (the record schemas in shared/contracts, the
    // URL rule, the sanitiser), never the other way, so framework-free logic and its tests load
    // without the content layer. Checked by tests/unit/layers.test.ts.
    files: ['src/lib/**/*.{ts,tsx}'],
    ignores: ['src/lib/**/*.test.{ts,tsx}', 'src/lib/**/*.testing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/loaders/**'], message: LIB_IMPORTS },
            ...upward(['server', 'scripts', 'tests'], SIDES_APART),
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/loaders/**'], message: LIB_IMPORTS }] },
      ],
    },
  },
  {
    // Plain JavaScript config and helper files are not part of the TypeScript project.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Astro files are checked by `astro check`; type-aware lint rules need a TS program for them.
    // Their <script>s are linted as virtual files (`X.astro/1_1.ts`), which no TS program holds.
    files: ['**/*.astro', '**/*.astro/*.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
);
