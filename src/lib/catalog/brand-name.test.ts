import { describe, expect, it } from 'vitest';
import { brandFromRoute, brandPath } from './brand-name.ts';

describe('brandFromRoute', () => {
  it('drops .html and turns dashes into spaces', () => {
    expect(brandFromRoute('Blue-Giant.html')).toBe('Blue Giant');
    expect(brandFromRoute('EP-Equipment.HTML')).toBe('EP Equipment');
  });

  it('keeps other names as they are, decoded', () => {
    expect(brandFromRoute('Prime-Mover')).toBe('Prime-Mover');
    expect(brandFromRoute('Big%20Joe')).toBe('Big Joe');
    expect(brandFromRoute('%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('round-trips through brandPath', () => {
    expect(brandPath('Big Joe')).toBe('/brands/Big%20Joe');
    expect(brandFromRoute(brandPath('Rol-Lift').slice('/brands/'.length))).toBe('Rol-Lift');
  });
});
