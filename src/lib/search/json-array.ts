/**
 * The bytes of JSON.stringify of the array, from its items' JSON bytes.
 * @example new TextDecoder().decode(jsonArray([new TextEncoder().encode('1')])) // '[1]'
 */
export function jsonArray(items: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const [open, comma, close] = [0x5b, 0x2c, 0x5d];
  let length = 2 + Math.max(0, items.length - 1);
  for (const item of items) length += item.length;
  const bytes = new Uint8Array(length);
  bytes[0] = open;
  let at = 1;
  for (const [i, item] of items.entries()) {
    if (i > 0) bytes[at++] = comma;
    bytes.set(item, at);
    at += item.length;
  }
  bytes[at] = close;
  return bytes;
}
