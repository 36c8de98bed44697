import { describe, expect, it } from 'vitest';
import { eachCase } from '../each-case.testing.ts';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps ordinary description markup', () => {
    const html = '<p>Heavy <strong>duty</strong></p><ul><li>3 in</li></ul><a href="/x">x</a>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  eachCase('renders %s inert', sanitizeHtml, [
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="/a.png" onerror="alert(1)">', '<img src="/a.png" loading="lazy" />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,AAAA">', '<img loading="lazy" />'],
    ['<iframe src="https://evil.example/x"></iframe>', '<iframe></iframe>'],
    ['<p style="position:fixed;inset:0">cover</p>', '<p>cover</p>'],
    ['<svg onload="alert(1)"><circle/></svg>', ''],
    ['<object data="x.swf"></object><embed src="x">', ''],
    ['<form action="/steal"><input name="card"></form>', ''],
    ['<p>a</p><style>body{display:none}</style>', '<p>a</p>'],
    ['<math><mtext><script>alert(1)</script></mtext></math>', ''],
  ]);

  it('allows video embeds from known hosts only', () => {
    const ok = '<iframe src="https://www.youtube.com/embed/abc123XYZ_-"></iframe>';
    expect(sanitizeHtml(ok)).toBe(ok);
  });

  it('adds rel to links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://x.test" target="_blank">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });
});
