import { describe, expect, it } from 'vitest';
import { activeContent } from './html-audit.ts';

describe('activeContent', () => {
  it('passes inert markup, JSON-LD and bundled modules', () => {
    expect(
      activeContent(
        [
          '<!doctype html><p class="x">Hi <a href="/products/a">a</a> <img src="/i.svg" alt="on=1"></p>',
          '<script type="application/ld+json">{"name":"<img onerror=x>"}</script>',
          '<script type="module" src="/_astro/page.js"></script>',
          '<!-- <script>x()</script> -->',
          '<iframe src="https://www.youtube.com/embed/x"></iframe>',
          '<p>text with onclick=x() in it</p>',
        ].join(''),
        ['www.youtube.com'],
      ),
    ).toEqual([]);
  });

  it('finds handlers, scripts and script URLs', () => {
    expect(
      activeContent(
        '<p onclick="x()">a</p><IMG SRC=x OnError=alert(1)><script>x()</script>' +
          '<a href="java&#x09;script:alert(1)">b</a><a href=" JAVASCRIPT:x">c</a>' +
          '<iframe src="data:text/html,x"></iframe><svg><a xlink:href="javascript:x">d</a></svg>',
      ),
    ).toEqual([
      'on* attribute onclick on <p>',
      'on* attribute onerror on <img>',
      '<script>',
      'href=java\tscript:alert(1) on <a>',
      'href= JAVASCRIPT:x on <a>',
      'src=data:text/html,x on <iframe>',
      '<iframe src=data:text/html,x>',
      'xlink:href=javascript:x on <a>',
    ]);
  });

  it('finds frames from unknown hosts, objects, base and meta refresh', () => {
    expect(
      activeContent(
        '<iframe src="https://evil.example/x"></iframe><object data="x.swf"></object>' +
          '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=x">',
        ['www.youtube.com'],
      ),
    ).toEqual(['<iframe src=https://evil.example/x>', '<object src=x.swf>', '<base>', '<meta>']);
  });

  it('allows frames of the same origin (the manual viewer)', () => {
    expect(activeContent('<iframe title="Manual" data-viewer-frame></iframe>')).toEqual([]);
    expect(activeContent('<iframe src="/api/media/manuals/a.pdf"></iframe>')).toEqual([]);
  });

  it("passes only the exact inline scripts it is told to trust (Astro's island runtime)", () => {
    const runtime = '(()=>{(self.Astro||(self.Astro={})).idle=1;})();';
    expect(activeContent(`<p>a</p><script>${runtime}</script>`, [], [runtime])).toEqual([]);
    expect(activeContent(`<script>${runtime}alert(1)</script>`, [], [runtime])).toEqual([
      '<script>',
    ]);
    expect(activeContent(`<script>${runtime}</script>`)).toEqual(['<script>']);
  });

  it('passes only the classic script files it is told to trust (the island runtime as files)', () => {
    const file = '/_astro/island-idle.BF0290pkb3.js';
    expect(activeContent(`<script src="${file}" defer></script>`, [], [], [file])).toEqual([]);
    expect(activeContent(`<script src="/_astro/other.js" defer></script>`, [], [], [file])).toEqual(
      ['<script>'],
    );
    expect(activeContent(`<script src="${file}"></script>`)).toEqual(['<script>']);
  });
});
