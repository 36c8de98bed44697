import { describe, expect, it } from 'vitest';
import { eachCase } from '../../../shared/each-case.testing.ts';
import { pdfTitle } from './pdf-title.ts';

describe('pdfTitle', () => {
  eachCase('%s -> %s', pdfTitle, [
    ['Crown_85288-001_Service_Manual.pdf', 'Crown 85288-001 Service Manual'],
    ['Vestil_W-30-6379_Service_Manual.pdf', 'Vestil W-30-6379 Service Manual'],
    ['Raymond__1190-SM__Parts_List.PDF', 'Raymond 1190-SM Parts List'],
    ['manuals/2019/Yale_MPB045_Manual.pdf', 'Yale MPB045 Manual'],
    ['C:\\files\\Toyota_7FBE_Manual.pdf', 'Toyota 7FBE Manual'],
    ['Parts List v2.0.pdf', 'Parts List v2.0'],
    ['no-extension_file', 'no-extension file'],
  ]);

  it('falls back when nothing is left of the name', () => {
    expect(pdfTitle('')).toBe('Manual');
    expect(pdfTitle('.pdf')).toBe('Manual');
    expect(pdfTitle('___.pdf', 'Document')).toBe('Document');
  });
});
