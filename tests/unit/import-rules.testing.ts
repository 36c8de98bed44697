import { ESLint, Linter } from 'eslint';
import { fileURLToPath } from 'node:url';

/** The import checks the layer tests share (layers.test.ts, through-stores.test.ts). */

/** The project's root folder. */
export const root = fileURLToPath(new URL('../../', import.meta.url));

let eslint: ESLint | undefined;

/** What the project's no-restricted-imports setting for `file` says about `code`. */
export async function importProblems(file: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root });
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Linter.RulesRecord };
  const setting = config.rules?.['no-restricted-imports'];
  const rules: Linter.RulesRecord =
    setting === undefined ? {} : { 'no-restricted-imports': setting };
  return new Linter()
    .verify(code, [{ languageOptions: { ecmaVersion: 'latest', sourceType: 'module' }, rules }])
    .map((message) => `${String(message.ruleId)}: ${message.message}`);
}

/** The relative paths a module's import and export statements name (static and dynamic). */
export const importedPaths = (source: string): string[] =>
  [
    ...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*['"](\.[^'"]*)['"]/gm),
    ...source.matchAll(/^\s*import\s*['"](\.[^'"]*)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"](\.[^'"]*)['"]\s*\)/g),
  ].map((match) => match[1] ?? '');
