import AxeBuilder from '@axe-core/playwright';
import { test, type Page } from '@playwright/test';

/** The WCAG 2 A and AA rules: what every axe pass of the suite checks unless it says more. */
const WCAG_2_AA = ['wcag2a', 'wcag2aa'];

/**
 * What one axe run may add to its test's time: a long page (an index of 1,000 links) takes
 * a while on a busy two-core machine, and a test that runs axe twice must not time out for it
 * (a product page's two passes did, at 30 s, in a CI run). It only bounds the waiting.
 */
const AXE_RUN_ALLOWANCE_MS = 30_000;

interface AxeOptions {
  /** Only the elements this selects, e.g. 'dialog.viewer'. */
  within?: string;
  /** The rule tags to run; 'every rule' runs axe's whole set (best practices too). */
  tags?: string[] | 'every rule';
  /** Which impacts fail: 'serious' (and critical, the default) or 'any'. */
  impact?: 'serious' | 'any';
}

/**
 * The page's axe violations, one line each: impact, rule and the elements it found. By
 * default WCAG 2 A and AA, serious or critical, over the whole page.
 * @example expect(await seriousViolations(page, { within: 'dialog.viewer' })).toEqual([]);
 */
export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const { within, tags = WCAG_2_AA, impact = 'serious' } = options;
  const info = test.info();
  info.setTimeout(info.timeout + AXE_RUN_ALLOWANCE_MS);
  const builder = new AxeBuilder({ page });
  if (tags !== 'every rule') builder.withTags(tags);
  if (within) builder.include(within);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => impact === 'any' || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact ?? 'unrated'} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}
