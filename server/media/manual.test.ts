import { describe, expect, it } from 'vitest';
import { manualPdf } from './manual.ts';
import { expectValidPdf } from './media.testing.ts';

describe('manualPdf', () => {
  it('is a valid two-page PDF', () => {
    const { text, count } = expectValidPdf(manualPdf('crown-pth50-load-wheel'));
    expect(count).toBe(10);
    expect(text).toContain('/Count 2');
  });

  it('has the title from the handle, a parts table and maintenance notes', () => {
    const text = manualPdf('crown-pth50-load-wheel').toString('latin1');
    expect(text).toContain('(Crown PTH50 Load Wheel)');
    expect(text).toContain('(Parts list)');
    for (const header of ['Item', 'Part number', 'Description', 'Qty']) {
      expect(text).toContain(`(${header})`);
    }
    expect(text.match(/\(\d{5}-\d{3}\)/g)?.length).toBeGreaterThanOrEqual(6);
    expect(text).toContain('(Crown PTH50 Load Wheel: maintenance)');
    expect(text).toMatch(/\(- Check the hydraulic oil level/);
  });

  it('is deterministic per handle and differs between handles', () => {
    expect(manualPdf('a-manual')).toEqual(manualPdf('a-manual'));
    expect(manualPdf('a-manual')).not.toEqual(manualPdf('b-manual'));
  });

  it('stays small', () => {
    expect(manualPdf('crown-pth50-load-wheel').length).toBeLessThan(8 * 1024);
  });

  it('handles a long handle', () => {
    expectValidPdf(manualPdf(Array.from({ length: 30 }, (_, i) => `w${i}`).join('-')));
  });
});
