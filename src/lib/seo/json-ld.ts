/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` are escaped so
 * that text from the catalogue (a title containing `</script>`) cannot end the block.
 * @example jsonLdText({ name: '</script>' }) // '{"name":"\\u003c/script\\u003e"}'
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
