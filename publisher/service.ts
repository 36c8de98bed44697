import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import {
  handleError,
  HttpError,
  jsonError,
  PERMISSIONS_POLICY,
  merchandiserActor,
  type AdminEnv,
  forwarded,
  merchandiserAuth,
} from '../server/index.ts';
import { CONTENT_TYPES } from '../web/content-types.ts';
import { RELEASE_ID } from './releases.ts';
import {
  PUBLISH_API,
  publishRequestSchema,
  type PublishOverview,
  type PublishRecord,
  type PublishReply,
} from '../shared/contracts/publish.ts';
import { PublishConflict, type PublishControl } from './types.ts';

/** The merchandiser page: "not part of the public static site, behind the merchandiser sign-in". */
export const PUBLISH_PAGE = '/admin/publish';

/**
 * The page's own policy: nothing inline, everything from this origin, no framing. It also goes
 * on the JSON replies, where it only forbids (a JSON reply opened as a document runs nothing).
 */
export const PUBLISH_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** The page's files: a fixed list, so no request path ever reaches the file system. */
const PAGE_FILES = ['index.html', 'app.js', 'api.js', 'model.js', 'table.js', 'app.css'] as const;

/** A POST body is `{}` or `{"trigger":"page"}`; nothing else needs a byte more. */
const MAX_BODY_BYTES = 1024;

export interface PublishServiceOptions {
  control: PublishControl;
  /** ADMIN_TOKEN: the merchandiser token the API requires as `Authorization: Bearer`. */
  adminToken: string;
  /**
   * The web server's X-Proxy-Secret (as the API's): behind nginx every request comes from
   * 127.0.0.1, so the wrong-token count per client address reads the address the web server
   * vouches for. Without it, one stranger's wrong tokens locked every merchandiser out.
   */
  proxySecret?: string | undefined;
}

/** Answers a request when its path is one of ours; resolves false, untouched, when it is not. */
export type PublishHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * The publish API and the merchandiser page, for a web server to try first:
 * - POST /api/admin/publish -> 202 `{ publish }` and Location (body `{"trigger":"page"}` from the page)
 * - GET /api/admin/publish -> the PublishOverview; GET /api/admin/publish/{id} -> `{ publish }`
 * - POST /api/admin/publish/rollback -> 202 `{ publish }`, 409 when there is nothing to go back to
 * - GET /admin/publish and its files: the page, which signs in with the same token.
 * The API needs the merchandiser token (401 otherwise); X-Merchandiser names the actor as on
 * the rest of the merchandiser API. Every reply is no-store, nosniff and noindex.
 *
 * @example
 * const publish = publishService({ control: publisher, adminToken: env.ADMIN_TOKEN });
 * createServer(async (req, res) => { if (!(await publish(req, res))) serveSite(req, res); });
 */
export function publishService(options: PublishServiceOptions): PublishHandler {
  const listener = getRequestListener(publishApp(options).fetch, {
    // It runs inside another server: leave that process's Request and Response alone.
    overrideGlobalObjects: false,
  });
  return async (req, res) => {
    if (ourPath(req.url) === undefined) return false;
    await listener(req, res);
    return true;
  };
}

/**
 * The path of a request target when it is ours, resolved as a browser (WHATWG URL) does: dot
 * segments (`%2e` ones too) are applied first, so `/admin/publish/../` is `/admin/` and not
 * ours; `%2F` stays an encoded byte, so `/api/admin/publish%2Frollback` is not ours either;
 * `//admin/publish` keeps its empty first segment. A backslash in the path or an absolute
 * form target is never ours: readers disagree on the path in it (URL reads `\` as `/`,
 * @hono/node-server refuses it with a 400).
 */
export function ourPath(target: string | undefined): string | undefined {
  if (target === undefined || !target.startsWith('/')) return undefined;
  if ((target.split('?', 1)[0] ?? '').includes('\\')) return undefined;
  let path: string;
  try {
    path = new URL(`http://localhost${target}`).pathname;
  } catch {
    return undefined;
  }
  return [PUBLISH_API, PUBLISH_PAGE].some((root) => path === root || path.startsWith(`${root}/`))
    ? path
    : undefined;
}

/** The Hono app behind {@link publishService}; tests may drive it with `app.request`. */
export function publishApp({
  control,
  adminToken,
  proxySecret,
}: PublishServiceOptions): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  // Who the client is, as the web server in front vouches (server/http/forwarded.ts).
  app.use('*', forwarded({ proxySecret }));
  app.onError((error, c) =>
    error instanceof PublishConflict ? jsonError(c, 409, error.message) : handleError(error, c),
  );
  app.use('*', async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Cache-Control', 'no-store');
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Robots-Tag', 'noindex');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Content-Security-Policy', PUBLISH_PAGE_POLICY);
    headers.set('Permissions-Policy', PERMISSIONS_POLICY);
  });

  // `/x/*` covers `/x` itself too. The token comes first: without it nothing is told, not
  // even which methods a path allows.
  app.use(
    `${PUBLISH_API}/*`,
    merchandiserAuth({
      token: adminToken,
      message: 'Sign in with the merchandiser token to publish.',
    }),
    merchandiserActor(),
  );
  app.post(PUBLISH_API, async (c) => {
    const trigger = await triggerOf(c);
    return accepted(c, control.request({ trigger, actor: c.get('actor') }));
  });
  app.get(PUBLISH_API, async (c) => c.json((await control.overview()) satisfies PublishOverview));
  app.all(PUBLISH_API, (c) => notAllowed(c, 'GET, HEAD, POST'));

  app.post(`${PUBLISH_API}/rollback`, async (c) => {
    const trigger = await triggerOf(c);
    return accepted(c, await control.rollback({ trigger, actor: c.get('actor') }));
  });
  app.all(`${PUBLISH_API}/rollback`, (c) => notAllowed(c, 'POST'));

  // An id of another shape than the publisher's is a 404 without asking the publisher (and
  // without repeating what was sent).
  app.get(`${PUBLISH_API}/:id`, (c) => {
    const id = c.req.param('id');
    if (!RELEASE_ID.test(id)) return notFound(c);
    const publish = control.get(id);
    return publish
      ? c.json({ publish } satisfies PublishReply)
      : jsonError(c, 404, `There is no publish ${id}.`);
  });
  app.all(`${PUBLISH_API}/:id`, (c) =>
    RELEASE_ID.test(c.req.param('id')) ? notAllowed(c, 'GET, HEAD') : notFound(c),
  );

  const files = pageFiles();
  app.all(`${PUBLISH_PAGE}/*`, (c) => {
    const file = files.get(c.req.path);
    if (!file) return notFound(c);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return notAllowed(c, 'GET, HEAD');
    return c.body(file.body, 200, { 'Content-Type': file.type });
  });
  app.notFound(notFound);
  return app;
}

/**
 * What asked for a publish: `api` for a call without a body (the docs say it is optional) or
 * `{}`, the body's `trigger` otherwise. The body is read here, at most MAX_BODY_BYTES of it:
 * Hono's bodyLimit rebuilds the request with the platform's Request class, which this
 * listener's own requests (overrideGlobalObjects: false) are not, and an empty chunked body
 * ended in a 500 (issue 28).
 */
async function triggerOf(c: Context): Promise<'api' | 'page'> {
  const text = await boundedText(c, MAX_BODY_BYTES);
  if (text.trim() === '') return 'api';
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  return publishRequestSchema.parse(parsed).trigger;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** The body as text, refused with 413 past `max` bytes, declared or as they arrive. */
async function boundedText(c: Context, max: number): Promise<string> {
  const tooLarge = () => new HttpError(413, 'The request body is too large.');
  if (Number(c.req.header('content-length') ?? 0) > max) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function accepted(c: Context, publish: PublishRecord) {
  c.header('Location', `${PUBLISH_API}/${encodeURIComponent(publish.id)}`);
  return c.json({ publish } satisfies PublishReply, 202);
}

function notAllowed(c: Context, allow: string) {
  c.header('Allow', allow);
  return jsonError(c, 405, `${c.req.method} is not allowed here; use ${allow}.`);
}

function notFound(c: Context) {
  return c.req.path === PUBLISH_API || c.req.path.startsWith(`${PUBLISH_API}/`)
    ? jsonError(c, 404, 'There is no such publish resource.')
    : c.text('Not found', 404);
}

/** The page's files by their path, read once: `/admin/publish` and `/admin/publish/` are the page. */
function pageFiles(): Map<string, { body: Uint8Array<ArrayBuffer>; type: string }> {
  const files = new Map<string, { body: Uint8Array<ArrayBuffer>; type: string }>();
  for (const name of PAGE_FILES) {
    const body = new Uint8Array(readFileSync(join(import.meta.dirname, 'page', name)));
    const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream';
    files.set(`${PUBLISH_PAGE}/${name}`, { body, type });
  }
  const page = files.get(`${PUBLISH_PAGE}/index.html`);
  if (page) {
    files.set(PUBLISH_PAGE, page);
    files.set(`${PUBLISH_PAGE}/`, page);
  }
  return files;
}
