import { describe, expect, it } from 'vitest';
import { copyrightText } from './copyright.ts';

describe('copyrightText', () => {
  it('names the year and the store', () => {
    expect(copyrightText(2026, 'Industrial Parts Depot')).toBe(
      '© 2026 Industrial Parts Depot. All rights reserved.',
    );
  });
});
