import { expect } from 'vitest';

/**
 * Test helpers for the generated media (imported by the tests beside them only).
 */

/** Reads the cross-reference table and trailer of a PDF written by buildPdf. */
export function readXref(bytes: Buffer) {
  const text = bytes.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const table = text.slice(startxref);
  const head = /^xref\n0 (\d+)\n/.exec(table);
  const count = Number(head?.[1]);
  const entries: { offset: number; type: string }[] = [];
  const rows = table.slice(head?.[0].length ?? 0);
  for (let i = 0; i < count; i += 1) {
    const row = rows.slice(i * 20, (i + 1) * 20);
    const match = /^(\d{10}) (\d{5}) ([fn]) \n$/.exec(row);
    expect(match, `xref row ${i}: ${JSON.stringify(row)}`).not.toBeNull();
    entries.push({ offset: Number(match?.[1]), type: match?.[3] ?? '' });
  }
  const trailer = rows.slice(count * 20);
  return { text, startxref, count, entries, trailer };
}

/** Checks every structural promise of the file: header, offsets, lengths, trailer. */
export function expectValidPdf(bytes: Buffer) {
  const { text, startxref, count, entries, trailer } = readXref(bytes);
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  expect(entries[0]).toEqual({ offset: 0, type: 'f' });
  entries.slice(1).forEach((entry, i) => {
    expect(entry.type).toBe('n');
    // Each offset points exactly at "N 0 obj".
    expect(text.slice(entry.offset, entry.offset + 20)).toMatch(new RegExp(`^${i + 1} 0 obj\\n`));
  });
  expect(trailer).toMatch(new RegExp(`^trailer\\n<< /Size ${count} /Root 1 0 R /Info 5 0 R >>\\n`));
  // Every stream's /Length is its exact byte length.
  const streams = [...text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)];
  expect(streams.length).toBeGreaterThan(0);
  for (const stream of streams) {
    const start = (stream.index ?? 0) + stream[0].length;
    const length = Number(stream[1]);
    expect(text.slice(start + length, start + length + 11)).toBe('\nendstream\n');
  }
  return { text, count };
}

/**
 * A small well-formedness check: every tag closes in order, attributes are quoted, text
 * holds no raw '<' or bare '&'. Enough to catch a generator that writes broken XML.
 */
export function expectWellFormed(xml: string) {
  const stack: string[] = [];
  const token = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = token.exec(xml)) !== null) {
    consumed += match[0].length;
    const [, closing, name, , selfClosing, textPart, stray] = match;
    expect(stray, `stray '<' at ${match.index}`).toBeUndefined();
    if (textPart !== undefined) {
      expect(textPart).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#\d+);)/);
      continue;
    }
    if (closing) expect(stack.pop(), `closing </${name}>`).toBe(name);
    else if (!selfClosing && name) stack.push(name);
  }
  expect(consumed).toBe(xml.length);
  expect(stack).toEqual([]);
}

/** The width and height an SVG's root element renders at. */
export const svgSize = (svg: string): number[] => {
  const tag = /^<svg [^>]*>/.exec(svg)?.[0] ?? '';
  return [Number(/ width="(\d+)"/.exec(tag)?.[1]), Number(/ height="(\d+)"/.exec(tag)?.[1])];
};

/** A generated picture: well-formed SVG rendered at `size` ([width, height]). */
export function expectPicture(svg: string, size: readonly number[]) {
  expectWellFormed(svg);
  expect(svgSize(svg)).toEqual(size);
}

/** The parts of a binary glTF file, with the header and chunk framing checked. */
export function readGlb(bytes: Buffer): {
  version: number;
  json: Record<string, unknown>;
  jsonChunk: Buffer;
  bin: Buffer;
} {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('glTF');
  expect(bytes.readUInt32LE(8)).toBe(bytes.length);
  const jsonLength = bytes.readUInt32LE(12);
  expect(bytes.readUInt32LE(16)).toBe(0x4e4f534a);
  expect(jsonLength % 4).toBe(0);
  const jsonChunk = bytes.subarray(20, 20 + jsonLength);
  const binStart = 20 + jsonLength;
  const binLength = bytes.readUInt32LE(binStart);
  expect(bytes.readUInt32LE(binStart + 4)).toBe(0x004e4942);
  expect(binLength % 4).toBe(0);
  expect(binStart + 8 + binLength).toBe(bytes.length);
  return {
    version: bytes.readUInt32LE(4),
    json: JSON.parse(jsonChunk.toString('utf8')) as Record<string, unknown>,
    jsonChunk,
    bin: bytes.subarray(binStart + 8),
  };
}
