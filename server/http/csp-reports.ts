/**
 * Content-Security-Policy violation reports, as browsers send them to the pages' report-to
 * endpoint (the Reporting API, `application/reports+json`) or to report-uri (the older
 * `application/csp-report`), kept for the operator (issue 28: "a CSP report-to endpoint the
 * operator can read"). A report is a browser's word and may be forged: it is kept as text to
 * read, capped, never acted on.
 */

/** Where the pages' policy sends its reports; both web servers proxy it to the API. */
export const CSP_REPORT_PATH = '/api/csp-reports';
/** The name the pages' policy gives that endpoint (report-to and Reporting-Endpoints). */
export const CSP_REPORT_GROUP = 'csp';
/** The Reporting-Endpoints header of every HTML page: the group's URL, on the page's origin. */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;

/** One kind of violation: where, what was blocked, by which directive, and how often. */
export interface CspViolation {
  /** The page's path (query and fragment dropped: a reset link's token stays out). */
  page: string;
  directive: string;
  /** The blocked URL's origin and path, or a keyword ('inline', 'eval', 'data'). */
  blocked: string;
  /** The script file and line that caused it, when the browser says. */
  source: string;
  disposition: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
}

/** Kinds of violation kept; a new kind past it pushes out the one seen longest ago. */
export const MAX_KINDS = 200;
const FIELD_MAX = 300;
// eslint-disable-next-line no-control-regex -- the point is to drop control characters
const CONTROL = /[\u0000-\u001f\u007f]/g;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field as short printable text: control characters out, cut at FIELD_MAX. */
function field(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return String(value).replace(CONTROL, '').slice(0, FIELD_MAX);
}

/** A URL without its query and fragment (they may carry tokens); a keyword as it is. */
function withoutQuery(value: unknown): string {
  const text = field(value);
  if (!URL.canParse(text)) return text.split(/[?#]/, 1)[0] ?? '';
  const url = new URL(text);
  return url.protocol === 'http:' || url.protocol === 'https:'
    ? `${url.origin}${url.pathname}`
    : url.protocol.replace(/:$/, '');
}

/** A page as its path alone. */
function pathOf(value: unknown): string {
  const text = field(value);
  return URL.canParse(text) ? new URL(text).pathname : (text.split(/[?#]/, 1)[0] ?? '');
}

type Report = Omit<CspViolation, 'count' | 'firstSeen' | 'lastSeen'>;

/**
 * The violations in a report body, of either format; nothing for anything else (a body that
 * is not a report is dropped, not answered with an error a prober could learn from).
 */
export function parseCspReports(body: unknown): Report[] {
  const one = (
    page: unknown,
    directive: unknown,
    blocked: unknown,
    source: unknown,
    line: unknown,
    disposition: unknown,
  ): Report[] => {
    const kept: Report = {
      page: pathOf(page),
      directive: field(directive).split(' ', 1)[0] ?? '',
      blocked: withoutQuery(blocked),
      source: [withoutQuery(source), field(line)].filter(Boolean).join(':'),
      disposition: field(disposition) || 'enforce',
    };
    return kept.page && kept.directive ? [kept] : [];
  };
  if (Array.isArray(body)) {
    return body.slice(0, 50).flatMap((report) => {
      if (!isRecord(report) || report.type !== 'csp-violation' || !isRecord(report.body)) return [];
      const b = report.body;
      return one(
        b.documentURL ?? report.url,
        b.effectiveDirective,
        b.blockedURL,
        b.sourceFile,
        b.lineNumber,
        b.disposition,
      );
    });
  }
  if (isRecord(body) && isRecord(body['csp-report'])) {
    const r = body['csp-report'];
    return one(
      r['document-uri'],
      r['effective-directive'] ?? r['violated-directive'],
      r['blocked-uri'],
      r['source-file'],
      r['line-number'],
      r.disposition,
    );
  }
  return [];
}

/** The operator's view of the reports: each kind once, with its count, newest first. */
export class CspReportLog {
  private readonly kinds = new Map<string, CspViolation>();
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(now: () => number, log: (line: string) => void = (line) => console.warn(line)) {
    this.now = now;
    this.log = log;
  }

  /** Counts each report; a kind seen for the first time is also written to the API's log. */
  add(reports: readonly Report[]): void {
    const at = new Date(this.now()).toISOString();
    for (const report of reports) {
      const key = `${report.page}\n${report.directive}\n${report.blocked}\n${report.disposition}`;
      const known = this.kinds.get(key);
      if (known) {
        known.count += 1;
        known.lastSeen = at;
        // Newest last, so the first entry is the one seen longest ago.
        this.kinds.delete(key);
        this.kinds.set(key, known);
        continue;
      }
      if (this.kinds.size >= MAX_KINDS) {
        const oldest = this.kinds.keys().next().value;
        if (oldest !== undefined) this.kinds.delete(oldest);
      }
      this.kinds.set(key, { ...report, count: 1, firstSeen: at, lastSeen: at });
      this.log(
        `[csp] ${report.disposition}: ${report.directive} blocked ${report.blocked || '(unknown)'} on ${report.page}${report.source ? ` (${report.source})` : ''}`,
      );
    }
  }

  /** Every kind kept, the one seen most recently first. */
  list(): CspViolation[] {
    return [...this.kinds.values()].reverse().map((kind) => ({ ...kind }));
  }
}
