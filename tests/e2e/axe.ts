import axe from 'axe-core';
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

/** What the page sends back of one violation: enough for the line the test prints. */
interface Found {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * The page's axe violations, one line each: impact, rule and the elements it found. By
 * default WCAG 2 A and AA, serious or critical, over the whole page.
 *
 * axe-core runs in the page itself, put there once per document: @axe-core/playwright's
 * AxeBuilder injects it again on every run, opens a blank page for each run to assemble the
 * results and sends every passing node back, 2 to 4 s a run against 0.1 to 0.3 s here (the
 * a11y spec runs axe three times a page, on every page type at both widths). The rules are
 * the same. Frames are left out: the store's only one is the manual viewer's, a PDF, which
 * axe cannot read.
 * @example expect(await seriousViolations(page, { within: 'dialog.viewer' })).toEqual([]);
 */
export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const { within, tags = WCAG_2_AA, impact = 'serious' } = options;
  const info = test.info();
  info.setTimeout(info.timeout + AXE_RUN_ALLOWANCE_MS);
  // Not `'axe' in window`: an element with id="axe" would be a property of window too.
  const present = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!present) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ within, tags }): Promise<Found[]> => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const result = await axe.run(within ? { include: [within] } : document, {
        ...(tags ? { runOnly: { type: 'tag', values: tags } } : {}),
        resultTypes: ['violations'],
        iframes: false,
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }));
    },
    { within: within ?? null, tags: tags === 'every rule' ? null : tags },
  );
  return violations
    .filter((v) => impact === 'any' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact ?? 'unrated'} ${v.id}: ${v.help} (${v.targets.join(', ')})`);
}
