import { ESLint, Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * "one client": the lint rule of eslint.config.js keeps browser code from
 * calling /api on its own. These tests read the project's real configuration and show which
 * files the rule covers and that it fires on a bare fetch.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const RULES = ['no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax'];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The one-client rules the project's configuration sets for `file`. */
async function oneClientRules(file: string): Promise<Linter.RulesRecord> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Linter.RulesRecord };
  const rules: Linter.RulesRecord = {};
  for (const name of RULES) {
    const setting = config.rules?.[name];
    if (setting !== undefined) rules[name] = setting;
  }
  return rules;
}

/** What those rules say about `code` in `file` (plain JavaScript: the rules need no types). */
async function problems(file: string, code: string): Promise<string[]> {
  const linter = new Linter();
  const rules = await oneClientRules(file);
  return linter
    .verify(code, [{ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' }, rules }])
    .map((message) => `${String(message.ruleId)}: ${message.message}`);
}

const BROWSER_FILES = [
  'src/islands/account/Wallet.tsx',
  'src/lib/account/api.ts',
  'src/stores/account.ts',
  'src/components/shell/AccountLinks.astro',
  'src/components/shell/AccountLinks.astro/1_1.ts',
];

describe('the one-client lint rule', () => {
  it.each(BROWSER_FILES)('refuses a fetch of /api in browser code: %s', async (file) => {
    const found = await problems(file, "export const user = () => fetch('/api/user');");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^no-restricted-globals: .*src\/lib\/api/);
    expect(
      await problems(file, "export const user = () => window.fetch(`/api/${'user'}`);"),
    ).toHaveLength(1);
    expect(await problems(file, 'export const x = new XMLHttpRequest();')).toHaveLength(1);
  });

  it('lets browser code call the client', async () => {
    const code =
      "import { getJson } from './index.ts';\nexport const user = () => getJson('/api/user');";
    expect(await problems('src/lib/account/api.ts', code)).toEqual([]);
  });

  it.each([
    'src/lib/api/client.ts',
    'src/loaders/fetch-json.ts',
    'src/integrations/store-routes.ts',
    'src/lib/account/api.test.ts',
  ])('leaves the client, build-time code and tests alone: %s', async (file) => {
    expect(await problems(file, "export const user = () => fetch('/api/user');")).toEqual([]);
  });

  it("fires in an Astro component's <script> too", async () => {
    const code = "---\n---\n<div></div>\n<script>\n  void fetch('/api/user');\n</script>\n";
    const [result] = await eslint.lintText(code, {
      filePath: `${root}src/components/shell/OneClientFixture.astro`,
    });
    expect(result?.messages.map((message) => message.ruleId)).toEqual(['no-restricted-globals']);
  });
});
