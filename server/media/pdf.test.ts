import { describe, expect, it } from 'vitest';
import { buildPdf, pdfString, type PdfPage } from './pdf.ts';
import { expectValidPdf } from './media.testing.ts';

describe('pdfString', () => {
  it('escapes backslash and parentheses', () => {
    expect(pdfString('a (b) \\ c')).toBe('(a \\(b\\) \\\\ c)');
  });

  it('writes Latin-1 characters as octal escapes and others as ?', () => {
    expect(pdfString('Größe')).toBe('(Gr\\366\\337e)');
    expect(pdfString('✓ 1€')).toBe('(? 1?)');
    expect(pdfString('a\nb')).toBe('(a?b)');
  });
});

describe('buildPdf', () => {
  const page = (text: string): PdfPage => ({
    texts: [
      { x: 72, y: 720, size: 18, text, bold: true },
      { x: 72, y: 690, size: 11, text: 'Body text (with parentheses)' },
    ],
    rules: [{ x1: 72, y1: 700, x2: 540, y2: 700 }],
  });

  it('writes a valid one-page PDF', () => {
    const { text, count } = expectValidPdf(buildPdf([page('Hello')], { title: 'Hello' }));
    expect(count).toBe(8);
    expect(text).toContain('/Count 1');
    expect(text).toContain('BT /F2 18 Tf 72 720 Td (Hello) Tj ET');
    expect(text).toContain('0.5 w 72 700 m 540 700 l S');
    expect(text).toContain('/BaseFont /Helvetica ');
    expect(text).toContain('/BaseFont /Helvetica-Bold ');
    expect(text).toContain('/Title (Hello)');
  });

  it('writes several pages with one content stream each', () => {
    const { text, count } = expectValidPdf(
      buildPdf([page('One'), page('Two'), page('Three')], { title: 'Three pages' }),
    );
    expect(count).toBe(12);
    expect(text).toContain('/Kids [6 0 R 8 0 R 10 0 R] /Count 3');
    expect(text.match(/\/Type \/Page /g)).toHaveLength(3);
  });

  it('keeps offsets right with non-ASCII text', () => {
    expectValidPdf(buildPdf([page('Größe (ÄÖÜ) ✓')], { title: 'Ümlaut' }));
  });

  it('refuses a document without pages', () => {
    expect(() => buildPdf([], { title: 'Empty' })).toThrow(/at least one page/);
  });

  it('is byte-for-byte deterministic', () => {
    expect(buildPdf([page('Same')], { title: 'Same' })).toEqual(
      buildPdf([page('Same')], { title: 'Same' }),
    );
  });
});
