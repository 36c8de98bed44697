/**
 * A minimal PDF 1.4 writer, by hand: a catalog, a page tree, the two standard Helvetica
 * fonts (no embedding needed), one content stream per page with text and rules, an
 * info dictionary, and a cross-reference table with exact byte offsets. Enough for small,
 * valid product manuals that any viewer opens.
 */

/** A line of text; (x, y) is the baseline start in points from the bottom-left corner. */
export interface PdfText {
  x: number;
  y: number;
  size: number;
  text: string;
  bold?: boolean;
}

/** A straight rule, e.g. under a table header. */
export interface PdfRule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width?: number;
}

export interface PdfPage {
  texts: PdfText[];
  rules?: PdfRule[];
}

/** US Letter, in points. */
export const PAGE_WIDTH = 612;
export const PAGE_HEIGHT = 792;

/**
 * A PDF string literal: backslash and parentheses escaped; Latin-1 characters as octal
 * escapes (the fonts use WinAnsiEncoding); anything else becomes '?'. The file stays ASCII.
 */
export function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    if (char === '\\' || char === '(' || char === ')') out += `\\${char}`;
    else if (code >= 0x20 && code <= 0x7e) out += char;
    else if (code >= 0xa0 && code <= 0xff) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

const num = (value: number): string => String(Math.round(value * 100) / 100);

function contentStream(page: PdfPage): string {
  const ops: string[] = [];
  for (const rule of page.rules ?? []) {
    ops.push(
      `${num(rule.width ?? 0.5)} w ${num(rule.x1)} ${num(rule.y1)} m ${num(rule.x2)} ${num(rule.y2)} l S`,
    );
  }
  for (const line of page.texts) {
    ops.push(
      `BT /${line.bold ? 'F2' : 'F1'} ${num(line.size)} Tf ${num(line.x)} ${num(line.y)} Td ` +
        `${pdfString(line.text)} Tj ET`,
    );
  }
  return ops.join('\n');
}

/**
 * Writes a PDF with the given pages.
 * @example const bytes = buildPdf([{ texts: [{ x: 72, y: 720, size: 18, text: 'Hello' }] }], { title: 'Hello' });
 */
export function buildPdf(pages: readonly PdfPage[], info: { title: string }): Buffer {
  if (pages.length === 0) throw new Error('A PDF needs at least one page.');
  // Object numbers: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then page + content pairs.
  const pageIds = pages.map((_, i) => 6 + i * 2);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(info.title)} /Producer (Industrial Parts Depot reference API) >>`,
  ];
  pages.forEach((page, i) => {
    const contentId = (pageIds[i] ?? 0) + 1;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    const stream = contentStream(page);
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  });

  // The second line holds bytes above 127 so tools treat the file as binary (PDF 1.4, 3.4.1).
  let file = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(file.length);
    file += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = file.length;
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space, LF.
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\n`;
  file += `startxref\n${xref}\n%%EOF\n`;
  // Latin-1 keeps one byte per character, so the offsets counted above are byte offsets.
  return Buffer.from(file, 'latin1');
}
