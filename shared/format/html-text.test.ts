import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from './html-text.ts';

/** What htmlToText does, each with the HTML it reads and the text it gives. */
const htmlToTextCases: Record<string, [html: string, text: string][]> = {
  'drops tags and collapses space': [
    ['<b>Load</b>\n  Wheel', 'Load Wheel'],
    ['  Seal \n kit  ', 'Seal kit'],
    ['Steer Wheel 180x50', 'Steer Wheel 180x50'],
    ['<img src=x onerror=alert(1)>Wheel', 'Wheel'],
  ],
  'drops the content of script, style and the other non-text elements': [
    // The card title of issue 13 item 4.
    [
      'Caterpillar Load Wheel Axle 25 mm (91A38-21466) <script>alert("title")</script>',
      'Caterpillar Load Wheel Axle 25 mm (91A38-21466)',
    ],
    ['<p>A&nbsp;<b>bold</b></p><script>x()</script><style>p{}</style> &lt;b&gt;', 'A bold <b>'],
    ['Seal <SCRIPT type="x">a > b</SCRIPT >kit', 'Seal kit'],
    ['Kit <noscript>n</noscript><template>t</template><!-- c -->x', 'Kit x'],
  ],
  'drops an unclosed script to the end, as a browser does': [
    ['Seal kit <script>alert(1)', 'Seal kit'],
  ],
  'keeps text that only looks like a tag, and quoted > inside attributes': [
    ['Bolt <3/8" x 2', 'Bolt <3/8" x 2'],
    ['<a title="a > b">Wheel</a>', 'Wheel'],
  ],
  'parts words at block tags, not at inline ones': [
    ['<p>one</p><p>two</p>', 'one two'],
    ['one<br>two', 'one two'],
    ['Fork<sup>2</sup> 80<b>mm</b>', 'Fork2 80mm'],
  ],
  'decodes entities once, so text renders as written': [
    ['Handles &amp; Controls', 'Handles & Controls'],
    ['5 &lt; 6 &quot;in&quot; &#39;x&#39; &nbsp;', '5 < 6 "in" \'x\''],
    ['&amp;lt;b&amp;gt;', '&lt;b&gt;'],
    ['&#39;A&#x27; &lt;b&gt; &unknown;', "'A' <b> &unknown;"],
    ['&Oslash;25 &deg; &frac12;&quot; &AMP;', 'Ø25 ° ½" &'],
  ],
  // The result is text: a page escapes it again when rendering.
  'returns markup-looking text as text, never as live markup': [
    ['&lt;script&gt;alert(1)&lt;/script&gt;', '<script>alert(1)</script>'],
  ],
};

describe.each(Object.entries(htmlToTextCases))('htmlToText %s', (_behaviour, cases) => {
  it.each(cases)('%j reads as %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});

describe('decodeEntities', () => {
  it('reads invalid numeric references as the replacement character, as a browser does', () => {
    expect(decodeEntities('&#0;&#x110000;&#xD800;')).toBe('\uFFFD\uFFFD\uFFFD');
    expect(decodeEntities('&#8212;&#x2014;')).toBe('——');
  });
});
