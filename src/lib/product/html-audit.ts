/**
 * Finds markup that could run or disguise itself in built HTML: on* handler attributes,
 * scripts other than JSON-LD, bundled modules and the build's own (told by their exact body or
 * source), javascript:/data:/vbscript: URLs, frames
 * from hosts outside the allowlist, <base> and meta refresh. Used by the tests that
 * check a hostile product description renders inert, on a record and on the built pages.
 * A scanner, not a parser: it reads start tags and their attributes, which is what the
 * checks need.
 * @example activeContent('<p onclick="x()">a</p>') // ['on* attribute onclick on <p>']
 */
export function activeContent(
  html: string,
  frameHosts: readonly string[] = [],
  /** Exact bodies of classic inline scripts the build itself writes (Astro's island runtime). */
  trustedScripts: readonly string[] = [],
  /** Exact `src` of classic scripts the build itself writes (the island runtime as files). */
  trustedSources: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  let trusted = html;
  for (const body of trustedScripts) trusted = trusted.split(`<script>${body}</script>`).join('');
  // Comments and the bodies of JSON-LD blocks can contain tag-like text; skip them.
  const scanned = trusted
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(
      /(<script\b[^>]*type=["']?application\/ld\+json["']?[^>]*>)[\s\S]*?(<\/script>)/gi,
      '$1$2',
    );
  const tag =
    /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;
  const attribute = /([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  for (const [, rawName = '', rawAttributes = ''] of scanned.matchAll(tag)) {
    const name = rawName.toLowerCase();
    const attributes = new Map<string, string>();
    for (const [, key = '', a, b, c] of rawAttributes.matchAll(attribute)) {
      attributes.set(key.toLowerCase(), decode(a ?? b ?? c ?? ''));
    }
    for (const [key, value] of attributes) {
      if (key.startsWith('on')) problems.push(`on* attribute ${key} on <${name}>`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc'].includes(key)) {
        // Browsers ignore whitespace and control characters inside a scheme.
        const scheme = [...value]
          .filter((char) => char > ' ')
          .join('')
          .toLowerCase();
        if (/^(?:javascript|vbscript|data):/.test(scheme) || key === 'srcdoc')
          problems.push(`${key}=${value.slice(0, 40)} on <${name}>`);
      }
    }
    if (name === 'script') {
      const type = (attributes.get('type') ?? '').toLowerCase();
      const trustedFile = trustedSources.includes(attributes.get('src') ?? '');
      if (type !== 'application/ld+json' && type !== 'module' && !trustedFile)
        problems.push(`<script${type ? ` type=${type}` : ''}>`);
    }
    if (name === 'iframe' || name === 'frame' || name === 'embed' || name === 'object') {
      const src = attributes.get('src') ?? attributes.get('data') ?? '';
      let host: string;
      try {
        host = new URL(src, 'http://same.origin').host;
      } catch {
        host = '';
      }
      if (name !== 'iframe' || (src && host !== 'same.origin' && !frameHosts.includes(host)))
        problems.push(`<${name} src=${src.slice(0, 60)}>`);
    }
    if (name === 'base' || (name === 'meta' && /refresh/i.test(attributes.get('http-equiv') ?? '')))
      problems.push(`<${name}>`);
  }
  return problems;
}

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&amp;/gi, '&');
}
