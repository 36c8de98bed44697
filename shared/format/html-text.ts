/**
 * The store's one way of turning HTML (titles that carry markup, descriptions, answers) into
 * plain text, in the browser and on the server alike: it ships no HTML parser, so the search
 * box and the cards can use it. The result is text, not HTML: render it escaped.
 *
 * - Elements whose content is not text are dropped with it (script, style and the rest: a
 *   title '… <script>alert("title")</script>' reads '…', never 'alert("title")'). An
 *   unclosed one runs to the end, as a browser's parser reads it.
 * - Tags go; block-level ones and <br> leave a space so that words do not run together.
 * - Character references are decoded: numeric ones all, named ones by the list below (those a
 *   parts catalogue writes); an unknown name stays as written.
 * - Whitespace is collapsed and trimmed.
 *
 * @example htmlToText('<b>Seal</b> kit &amp; pump<script>x()</script>') // 'Seal kit & pump'
 */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(HIDDEN_ELEMENT, ' ')
      .replace(COMMENT, ' ')
      .replace(TAG, (_tag, name: string) => (BLOCK.test(name) ? ' ' : '')),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** Elements whose content is not text (sanitize-html's nonTextTags and a few more). */
const HIDDEN_ELEMENT =
  /<(script|style|textarea|option|noscript|iframe|template|title|select|object)\b(?:[^>"']|"[^"]*"|'[^']*')*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)|<![^>]*>/g;
/** A start or end tag: a letter after '<' (so '<3/8"' stays text), quoted '>' inside values. */
const TAG = /<\/?([a-z][a-z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*>/gi;
const BLOCK =
  /^(?:address|article|aside|blockquote|br|d[dlt]|div|fig(?:caption|ure)|footer|h[1-6r]|header|li|[ou]l|p|pre|section|t[dhr]|table)$/i;

/** The named references a parts catalogue writes; others stay as written. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  deg: '°',
  plusmn: '±',
  times: '×',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  sup2: '²',
  sup3: '³',
  micro: 'µ',
  Oslash: 'Ø',
  oslash: 'ø',
  copy: '©',
  reg: '®',
  trade: '™',
};

/** Decodes the character references of a text (no tags left in it). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (!name.startsWith('#')) return NAMED[name] ?? NAMED[name.toLowerCase()] ?? whole;
    const hex = name[1] === 'x' || name[1] === 'X';
    const code = hex ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    // NUL, surrogates and beyond Unicode read as U+FFFD, as a browser reads them.
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return String.fromCodePoint(valid ? code : 0xfffd);
  });
}
