import { open, readFile, stat, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { assembleParts, includedParts, type PagePart } from '../src/lib/shell/shell-parts.ts';
import { CONTENT_TYPES, SVG_POLICY } from './content-types.ts';
import { IMMUTABLE, staticHeaders, type SiteHeaders } from './headers.ts';

/**
 * Files of the local server (web/static-server.ts): found for a URL path, opened with
 * their precompressed forms, and sent with the static site's headers.
 */

/**
 * The file for a decoded URL path (./request-path.ts) inside distDir, or undefined (never
 * outside distDir). Not decoded again: `%2561` is the file named `%61`, as nginx reads it.
 */
export async function resolveFile(distDir: string, decoded: string): Promise<string | undefined> {
  if (decoded.includes('\0')) return undefined;
  const root = normalize(distDir + sep);
  const candidate = normalize(join(root, decoded));
  if (!candidate.startsWith(root)) return undefined;
  for (const path of [candidate, join(candidate, 'index.html'), `${candidate}.html`]) {
    try {
      if ((await stat(path)).isFile()) return path;
    } catch {
      // try the next form
    }
  }
  return undefined;
}

export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  what: {
    file: string;
    status: number;
    path: string;
    https: boolean;
    site: SiteHeaders | undefined;
    /** The release's shell parts that a page includes (read only for such a page). */
    parts?: (names: readonly PagePart[]) => Promise<ReadonlyMap<PagePart, string>>;
  },
) {
  const type = CONTENT_TYPES[extname(what.file)] ?? 'application/octet-stream';
  // The headers of the file whatever its body: assembled, precompressed or as it is.
  const headers = {
    'content-type': type,
    vary: 'Accept-Encoding',
    ...staticHeaders({ path: what.path, contentType: type, https: what.https, site: what.site }),
    ...(type === 'image/svg+xml' ? { 'content-security-policy': SVG_POLICY } : {}),
  };
  if (what.parts && what.file.endsWith('.html')) {
    const page = await readFile(what.file, 'utf8').catch(() => undefined);
    const names = page === undefined ? [] : includedParts(page);
    if (page !== undefined && names.length > 0) {
      const html = assembleParts(page, await what.parts(names));
      return sendAssembled(req, res, what.status, headers, html);
    }
  }
  const opened = (await openPrecompressed(req, what.file)) ?? (await openFile(what.file));
  if (!opened) {
    // Gone since it was found (a release removed under the request): not found after all.
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  res.writeHead(what.status, {
    ...headers,
    'content-length': opened.size,
    ...(opened.encoding ? { 'content-encoding': opened.encoding } : {}),
  });
  sendBody(req, res, opened.handle);
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page with its shell parts filled in (src/lib/shell/shell-parts.ts), compressed as it is
 * sent, as nginx's ssi and gzip do: its .gz and .br could not hold the parts, which change
 * without it. Brotli at 4 and gzip at 6 take about a millisecond for a product page.
 */
async function sendAssembled(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  html: string,
) {
  const encoding = acceptedEncodings(req)[0];
  const bytes = Buffer.from(html, 'utf8');
  const body =
    encoding === 'br'
      ? await brotliAsync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        })
      : encoding === 'gzip'
        ? await gzipAsync(bytes, { level: 6 })
        : bytes;
  res.writeHead(status, {
    ...headers,
    'content-length': body.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** A demo media file exported ahead of time: its name never changes its bytes. */
export async function sendMedia(req: IncomingMessage, res: ServerResponse, file: string) {
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  const opened = await openFile(file);
  if (!opened) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  res.writeHead(200, {
    'content-type': type,
    'content-length': opened.size,
    'cache-control': IMMUTABLE,
    'x-content-type-options': 'nosniff',
    ...(type === 'image/svg+xml' ? { 'content-security-policy': SVG_POLICY } : {}),
  });
  sendBody(req, res, opened.handle);
}

interface OpenedFile {
  handle: FileHandle;
  size: number;
  encoding?: string;
}

/**
 * A file opened for sending, with its size from the same descriptor: removed or replaced
 * once opened, it is still the one sent whole (a release pruned while its page is sent).
 * Undefined when it is not a file (any more).
 */
async function openFile(file: string): Promise<OpenedFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const info = await handle.stat();
    if (info.isFile()) return { handle, size: info.size };
  } catch {
    // not readable after all
  }
  await handle.close();
  return undefined;
}

/** The precompressed file a client accepts, in our order of preference, opened. */
async function openPrecompressed(
  req: IncomingMessage,
  file: string,
): Promise<OpenedFile | undefined> {
  for (const encoding of acceptedEncodings(req)) {
    const opened = await openFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`);
    if (opened) return { ...opened, encoding };
  }
  return undefined;
}

/** The encodings we send that the client accepts, in our order of preference. */
function acceptedEncodings(req: IncomingMessage): ('br' | 'gzip')[] {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  return (['br', 'gzip'] as const).filter((encoding) =>
    new RegExp(`\\b${encoding}\\b(?!;q=0(?:\\.0*)?(?:,|$))`).test(accepted),
  );
}

/**
 * Streams an opened file as the body (nothing for HEAD). A read error after the headers went
 * out can only cut the response short: the socket is destroyed, the process goes on.
 */
function sendBody(req: IncomingMessage, res: ServerResponse, handle: FileHandle) {
  if (req.method === 'HEAD') {
    res.end();
    void handle.close();
    return;
  }
  pipeline(handle.createReadStream(), res, (error) => {
    if (error) res.destroy();
  });
}
