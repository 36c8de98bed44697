import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from './html-text.ts';

describe('htmlToText', () => {
  it('drops tags and collapses space', () => {
    expect(htmlToText('<b>Load</b>\n  Wheel')).toBe('Load Wheel');
    expect(htmlToText('  Seal \n kit  ')).toBe('Seal kit');
    expect(htmlToText('Steer Wheel 180x50')).toBe('Steer Wheel 180x50');
    expect(htmlToText('<img src=x onerror=alert(1)>Wheel')).toBe('Wheel');
  });

  it('drops the content of script, style and the other non-text elements', () => {
    // The card title of issue 13 item 4.
    expect(
      htmlToText('Caterpillar Load Wheel Axle 25 mm (91A38-21466) <script>alert("title")</script>'),
    ).toBe('Caterpillar Load Wheel Axle 25 mm (91A38-21466)');
    expect(
      htmlToText('<p>A&nbsp;<b>bold</b></p><script>x()</script><style>p{}</style> &lt;b&gt;'),
    ).toBe('A bold <b>');
    expect(htmlToText('Seal <SCRIPT type="x">a > b</SCRIPT >kit')).toBe('Seal kit');
    expect(htmlToText('Kit <noscript>n</noscript><template>t</template><!-- c -->x')).toBe('Kit x');
  });

  it('drops an unclosed script to the end, as a browser does', () => {
    expect(htmlToText('Seal kit <script>alert(1)')).toBe('Seal kit');
  });

  it('keeps text that only looks like a tag, and quoted > inside attributes', () => {
    expect(htmlToText('Bolt <3/8" x 2')).toBe('Bolt <3/8" x 2');
    expect(htmlToText('<a title="a > b">Wheel</a>')).toBe('Wheel');
  });

  it('parts words at block tags, not at inline ones', () => {
    expect(htmlToText('<p>one</p><p>two</p>')).toBe('one two');
    expect(htmlToText('one<br>two')).toBe('one two');
    expect(htmlToText('Fork<sup>2</sup> 80<b>mm</b>')).toBe('Fork2 80mm');
  });

  it('decodes entities once, so text renders as written', () => {
    expect(htmlToText('Handles &amp; Controls')).toBe('Handles & Controls');
    expect(htmlToText('5 &lt; 6 &quot;in&quot; &#39;x&#39; &nbsp;')).toBe('5 < 6 "in" \'x\'');
    expect(htmlToText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
    expect(htmlToText('&#39;A&#x27; &lt;b&gt; &unknown;')).toBe("'A' <b> &unknown;");
    expect(htmlToText('&Oslash;25 &deg; &frac12;&quot; &AMP;')).toBe('Ø25 ° ½" &');
  });

  it('returns markup-looking text as text, never as live markup', () => {
    // The result is text: a page escapes it again when rendering.
    expect(htmlToText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
  });
});

describe('decodeEntities', () => {
  it('reads invalid numeric references as the replacement character, as a browser does', () => {
    expect(decodeEntities('&#0;&#x110000;&#xD800;')).toBe('\uFFFD\uFFFD\uFFFD');
    expect(decodeEntities('&#8212;&#x2014;')).toBe('——');
  });
});
