import { describe, expect, it } from 'vitest';
import { jsonLdText } from './json-ld.ts';

describe('jsonLdText', () => {
  it('cannot close the script block it sits in', () => {
    const text = jsonLdText({ name: 'Wheel </script><script>alert(1)</script> & more' });
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain('&');
    expect(JSON.parse(text)).toEqual({
      name: 'Wheel </script><script>alert(1)</script> & more',
    });
  });

  it('escapes the line separators JavaScript parsers trip on', () => {
    const text = jsonLdText({ a: '\u2028\u2029' });
    expect(text).toBe('{"a":"\\u2028\\u2029"}');
    expect(JSON.parse(text)).toEqual({ a: '\u2028\u2029' });
  });
});
