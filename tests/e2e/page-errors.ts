import type { BrowserContext, ConsoleMessage, Page, WebError } from '@playwright/test';

/** The binding the init script calls with each CSP violation (see {@link watchPageErrors}). */
const CSP_BINDING = '__e2eReportCspViolation';

/** Something a page reported that a shopper would never want to see go wrong. */
export interface PageProblem {
  kind: 'console error' | 'page error' | 'CSP violation';
  text: string;
  /** Where it came from: the page, or the script that logged it. */
  where: string;
}

/** What the init script sends for one `securitypolicyviolation` event. */
interface CspReport {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  disposition: string;
  sample: string;
}

/** The problems of one browser context, and the ones its test said it expects. */
export class PageErrorWatch {
  readonly problems: PageProblem[] = [];
  readonly #expected: RegExp[];

  constructor(expected: readonly RegExp[]) {
    this.#expected = [...expected];
  }

  /** Declares one more expected problem: a pattern its text must match. */
  expect(pattern: RegExp): void {
    this.#expected.push(pattern);
  }

  add(problem: PageProblem): void {
    this.problems.push(problem);
  }

  /**
   * The problems no expected pattern matches. A pattern is tried on the problem's text
   * followed by ' at ' and where it came from (a failed request's console error names its
   * URL only there), e.g. 'Failed to load resource: ... 422 (...) at http://host/api/x:0'.
   */
  unexpected(): PageProblem[] {
    // search() ignores a pattern's g flag and lastIndex, so a /g pattern matches every time.
    return this.problems.filter(({ text, where }) => {
      const seen = `${text} at ${where}`;
      return !this.#expected.some((pattern) => seen.search(pattern) !== -1);
    });
  }

  /** Throws, naming each unexpected problem, when there is any. */
  assertNone(): void {
    const unexpected = this.unexpected();
    if (unexpected.length === 0) return;
    const lines = unexpected.map(({ kind, text, where }) => `- ${kind} (${where}): ${text}`);
    throw new Error(
      [
        `The page reported ${String(unexpected.length)} problem(s) this test did not expect:`,
        ...lines,
        'Fix the cause, or declare the error the test provokes on purpose, as narrowly as it can',
        "be matched (patterns are tried on '{text} at {where}'): expectConsoleError(page, pattern)",
        'in the test, or test.use({ expectedConsoleErrors: [pattern] }) for a file or describe',
        "block; failedRequest(503, '/api/user') matches the error of a failed request.",
      ].join('\n'),
    );
  }
}

const watches = new WeakMap<BrowserContext, PageErrorWatch>();

function consoleProblem(message: ConsoleMessage): PageProblem | undefined {
  // 'assert' is console.assert failing; Chromium reports it apart from console.error.
  if (message.type() !== 'error' && message.type() !== 'assert') return undefined;
  const { url, lineNumber } = message.location();
  const where = url ? `${url}:${String(lineNumber)}` : (message.page()?.url() ?? 'a worker');
  return { kind: 'console error', text: message.text(), where };
}

function pageErrorProblem(error: WebError): PageProblem {
  const thrown = error.error();
  return {
    kind: 'page error',
    text: `${thrown.name}: ${thrown.message}`,
    where: error.page()?.url() ?? 'a page',
  };
}

/**
 * Watches every page of `context`, including pages it opens later (popups, new tabs), for
 * uncaught page errors, console errors (and failed console.assert) and Content-Security-Policy
 * violations, which an init script hears on each document (`securitypolicyviolation`, the
 * enforced and the report-only ones) and hands to an exposed binding. The test fixture calls
 * {@link PageErrorWatch.assertNone} after the test body.
 */
export async function watchPageErrors(
  context: BrowserContext,
  expected: readonly RegExp[],
): Promise<PageErrorWatch> {
  const watch = new PageErrorWatch(expected);
  watches.set(context, watch);
  context.on('console', (message) => {
    const problem = consoleProblem(message);
    if (problem) watch.add(problem);
  });
  context.on('weberror', (error) => watch.add(pageErrorProblem(error)));
  await context.exposeBinding(CSP_BINDING, ({ page }, report: CspReport) => {
    const at = report.source ? ` in ${report.source}:${String(report.line)}` : '';
    const sample = report.sample ? ` (${report.sample})` : '';
    watch.add({
      kind: 'CSP violation',
      text: `${report.disposition} ${report.directive} blocked ${report.blocked || 'inline'}${at}${sample}`,
      where: page.url(),
    });
  });
  await context.addInitScript((binding) => {
    // Capture phase on the document: a page's own handler cannot stop the report.
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        const report = (window as unknown as Record<string, unknown>)[binding];
        if (typeof report !== 'function') return;
        void (report as (value: CspReport) => Promise<void>)({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: event.sourceFile,
          line: event.lineNumber,
          disposition: event.disposition,
          sample: event.sample,
        });
      },
      true,
    );
  }, CSP_BINDING);
  return watch;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The console error Chromium logs for a request that failed: an HTTP status or a network
 * error (`net::ERR_...`), for a URL whose path starts with `path` on any origin.
 * @example failedRequest(422, '/api/checkouts/lineItems')
 * @example failedRequest('net::ERR_CONNECTION_REFUSED', '/api/')
 */
export function failedRequest(status: number | `net::${string}`, path: string): RegExp {
  const why =
    typeof status === 'number'
      ? `the server responded with a status of ${String(status)}\\b.*`
      : escapeRegExp(status);
  return new RegExp(`^Failed to load resource: ${why} at https?://[^/]+${escapeRegExp(path)}`);
}

/**
 * Declares, inside one test, a console or page error the test provokes on purpose (an API
 * made to fail, an image made to 404), so the fixture does not fail the test for it. Match as
 * narrowly as the message allows.
 * @example expectConsoleError(page, failedRequest(503, '/api/user'))
 */
export function expectConsoleError(page: Page, pattern: RegExp): void {
  const watch = watches.get(page.context());
  if (!watch) throw new Error('expectConsoleError needs a page from the test fixture');
  watch.expect(pattern);
}
