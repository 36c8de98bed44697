/**
 * The one path a web server matches its routes on (issue 28: `/api/%61dmin/outbox` passed the
 * Node server's /api/admin gate, because the gate looked at the path as sent and the API
 * decoded it afterwards). Percent-escapes are decoded once, slashes merged, and `.` and `..`
 * segments resolved, as nginx does for its `$uri`; what cannot be read one way only is
 * refused. The proxy then forwards this path, escaped again, so the API routes the same path
 * the gate saw.
 */

/** A request path as the routes see it, or why it was refused (answered 400). */
export type RequestPath = { ok: true; path: string } | { ok: false; reason: string };

const ESCAPE = /%[0-9A-Fa-f]{2}/;
// Control characters have no place in a path, and a backslash is a separator to some
// clients and servers and not to others.
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/**
 * The decoded, normalised path of a request target (`req.url`: path and query).
 * @example requestPath('/api/%61dmin//outbox?x=1') // { ok: true, path: '/api/admin/outbox' }
 * @example requestPath('/a/%2561') // { ok: false, ... }: decoded twice it would be '/a/a'
 */
export function requestPath(target: string): RequestPath {
  const raw = target.split('?', 1)[0] ?? '';
  if (!raw.startsWith('/')) return { ok: false, reason: 'The path must start with a slash.' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, reason: 'The path has a broken percent-escape.' };
  }
  if (FORBIDDEN.test(decoded) || FORBIDDEN.test(raw)) {
    return { ok: false, reason: 'The path has a control character or a backslash.' };
  }
  // Something decoded once and still escaped is read differently by the next decoder.
  if (ESCAPE.test(decoded)) return { ok: false, reason: 'The path is encoded twice.' };
  const segments: string[] = [];
  const parts = decoded.split('/');
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.pop() === undefined) return { ok: false, reason: 'The path leaves the site.' };
      continue;
    }
    segments.push(part);
  }
  const last = parts.at(-1);
  const directory = segments.length > 0 && (last === '' || last === '.' || last === '..');
  return { ok: true, path: `/${segments.join('/')}${directory ? '/' : ''}` };
}

/**
 * A decoded path escaped for a request line: each segment with encodeURIComponent, the
 * characters a path segment may hold as they are (RFC 3986 pchar).
 * @example escapePath('/brands/Blue Giant') // '/brands/Blue%20Giant'
 */
export function escapePath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/%(?:21|24|26|27|28|29|2A|2B|2C|3A|3B|3D|40)/g, (hex) =>
        decodeURIComponent(hex),
      ),
    )
    .join('/');
}

/** The query of a request target, with its `?`, as sent (empty when there is none). */
export function requestQuery(target: string): string {
  const at = target.indexOf('?');
  return at === -1 ? '' : target.slice(at);
}
