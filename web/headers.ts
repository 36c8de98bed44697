import { createHash } from 'node:crypto';
import { ALLOWED_IFRAME_HOSTS } from '../shared/format/sanitize-html.ts';
import { storeConfig, type ChatSetting } from '../shared/store-config.ts';
import {
  chatPolicySources,
  storeChat,
  type ChatPolicySources,
} from '../src/lib/shell/chat-setting.ts';
import { foreignImageOrigins } from '../src/lib/seo/page-images.ts';
import { CSP_REPORT_GROUP, CSP_REPORT_PATH, REPORTING_ENDPOINTS } from '../server/index.ts';

/**
 * The response headers of the static site, one set of rules for both web servers: nginx gets
 * them written into its configuration (nginx-config.ts), the local Node server applies them
 * per response (static-server.ts).
 */

/** The build's header facts: the CSP of its HTML pages. Written to dist/_server/headers.json. */
export interface SiteHeaders {
  /** Content-Security-Policy of every HTML page (without upgrade-insecure-requests). */
  contentSecurityPolicy: string;
  /** sha256 hashes of every inline script in the build, as CSP sources. */
  scriptHashes: string[];
}

export const HEADERS_FILE = '_server/headers.json';

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** The store uses the location only for a signed-in customer's visit events (realtime). */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), interest-cohort=()';
export const HSTS = 'max-age=31536000; includeSubDomains';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * Paths whose names carry a hash of their content: Astro's bundles, Pagefind's index chunks
 * and the suggestion index's blocks, tops, collections and sets (a 12-character hash before
 * `.json`, src/lib/search/suggest-format.ts). Everything else (HTML, pagefind.js, the
 * suggestion index's manifest and product chunks, the sitemap) is revalidated on every use.
 */
export const IMMUTABLE_PATH =
  /^\/(?:_astro\/|pagefind\/(?:.*\/)?[^/]+\.pf_[a-z]+$|suggest\/.*[./][\w-]{12}\.json$)/;

/** Cache-Control of a static path. */
export const cacheControlFor = (path: string): string =>
  IMMUTABLE_PATH.test(path) ? IMMUTABLE : REVALIDATE;

// Script elements a browser runs: no type, or a JavaScript one. JSON-LD and other data blocks
// are not scripts to CSP. Whitespace is HTML's (ASCII), so that the patterns match the same
// in a page read as UTF-8 text or byte for byte (latin1).
const SCRIPT = /<script\b([^>]*)>([^]*?)<\/script[\t\n\f\r ]*>/gi;
const SRC = /[\t\n\f\r ]src[\t\n\f\r ]*=/i;
const TYPE = /[\t\n\f\r ]type[\t\n\f\r ]*=[\t\n\f\r ]*["']?([^"'\t\n\f\r >]*)/i;
const EXECUTABLE_TYPE = /^(?:module|text\/javascript|application\/javascript)?$/i;

/**
 * The CSP hash sources of a page's inline scripts (those without src). `encoding` says how
 * `html` was read: 'utf8' text, or 'latin1', one character a byte (Buffer#toString('latin1'),
 * several times quicker to make for the 128,000 pages of a publish); the hash is of the
 * script's UTF-8 bytes either way.
 * @example inlineScriptHashes('<script>a()</script>') // ["'sha256-...'"]
 */
export function inlineScriptHashes(html: string, encoding: 'utf8' | 'latin1' = 'utf8'): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1] ?? '';
    if (SRC.test(attributes)) continue;
    const type = TYPE.exec(attributes)?.[1] ?? '';
    if (!EXECUTABLE_TYPE.test(type)) continue;
    const digest = createHash('sha256')
      .update(match[2] ?? '', encoding)
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

export interface PolicyOptions {
  scriptHashes: readonly string[];
  /** Frames the pages may show: the video host of the theme and of descriptions. */
  frameHosts: readonly string[];
  /** Image hosts besides the store's own (the video thumbnails). */
  imageHosts: readonly string[];
  /** Google reCAPTCHA's script and frame (BOT_CHECK=recaptcha). */
  recaptcha: boolean;
  /** The theme's support chat: its script's origin and the origins it lists; none unset. */
  chat?: ChatPolicySources;
}

/**
 * The pages' Content-Security-Policy: scripts only from the store and the build's own inline
 * scripts by hash (no 'unsafe-inline'); Pagefind's WebAssembly; styles may be inline (Astro
 * scopes component styles with style attributes); no plugins, no foreign framing, no <base>.
 */
export function contentSecurityPolicy(options: PolicyOptions): string {
  const recaptchaScripts = options.recaptcha
    ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
    : [];
  const recaptchaFrames = options.recaptcha
    ? ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']
    : [];
  const chat = options.chat ?? { script: [], connect: [], frame: [] };
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      [
        "'self'",
        ...options.scriptHashes,
        "'wasm-unsafe-eval'",
        ...recaptchaScripts,
        ...chat.script,
      ],
    ],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...options.imageHosts]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...chat.connect]],
    ['media-src', ["'self'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['frame-src', ["'self'", ...options.frameHosts, ...recaptchaFrames, ...chat.frame]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    // Violations go to the API, where the operator reads them (server/http/csp-reports.ts).
    ['report-uri', [CSP_REPORT_PATH]],
    ['report-to', [CSP_REPORT_GROUP]],
  ];
  return directives
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** The origin part of a URL ('https://img.youtube.com'), for CSP host sources. */
const originOf = (url: string): string => new URL(url).origin;

/**
 * The policy of this store: its theme's video host, the description frame allowlist, and its
 * support chat's origins when one is configured (storeChat in src/lib/shell/chat-setting.ts:
 * SUPPORT_CHAT, else the theme's unless it is a placeholder).
 */
export function storePolicy(
  scriptHashes: readonly string[],
  recaptcha: boolean,
  chat: ChatSetting | undefined = storeChat(),
): string {
  const { video } = storeConfig.theme;
  return contentSecurityPolicy({
    scriptHashes: [...scriptHashes].sort(),
    frameHosts: [
      originOf(video.embedBase),
      ...ALLOWED_IFRAME_HOSTS.map((host) => `https://${host}`),
    ],
    imageHosts: foreignImageOrigins(),
    recaptcha,
    chat: chatPolicySources(chat),
  });
}

/**
 * The headers of one static response (the Node server; nginx writes the same).
 * @param https whether the shopper reached us over https (HSTS, upgrade-insecure-requests)
 */
export function staticHeaders(options: {
  path: string;
  contentType: string;
  https: boolean;
  site: SiteHeaders | undefined;
}): Record<string, string> {
  const headers: Record<string, string> = {
    'cache-control': cacheControlFor(options.path),
    'x-content-type-options': 'nosniff',
    'referrer-policy': REFERRER_POLICY,
  };
  if (options.https) headers['strict-transport-security'] = HSTS;
  if (options.contentType.startsWith('text/html')) {
    headers['permissions-policy'] = PERMISSIONS_POLICY;
    headers['x-frame-options'] = 'DENY';
    headers['reporting-endpoints'] = REPORTING_ENDPOINTS;
    // Without the build's facts no inline script may run: still a policy, never none.
    const policy = options.site?.contentSecurityPolicy ?? storePolicy([], false);
    headers['content-security-policy'] = options.https
      ? `${policy}; upgrade-insecure-requests`
      : policy;
  }
  return headers;
}
