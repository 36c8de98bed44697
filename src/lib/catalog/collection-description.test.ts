import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_COLLAPSE_HEIGHT,
  readToggleLabel,
  shouldCollapse,
} from './collection-description.ts';

describe('collection description collapse', () => {
  it('collapses only above 800 px', () => {
    expect(DESCRIPTION_COLLAPSE_HEIGHT).toBe(800);
    expect(shouldCollapse(799)).toBe(false);
    expect(shouldCollapse(800)).toBe(false);
    expect(shouldCollapse(801)).toBe(true);
    expect(shouldCollapse(0)).toBe(false);
  });

  it('takes another limit', () => {
    expect(shouldCollapse(300, 200)).toBe(true);
  });

  it('labels the toggle by state', () => {
    expect(readToggleLabel(false)).toBe('Read More');
    expect(readToggleLabel(true)).toBe('Read Less');
  });
});
