import { describe, expect, it } from 'vitest';
import {
  assembleParts,
  includedParts,
  partInclude,
  partPath,
  SHELL_PARTS,
  strayCommands,
  type ShellPart,
} from './shell-parts.ts';

const parts = new Map<ShellPart, string>([
  ['menus', '<nav>menus</nav>'],
  ['footer', '<footer>2026</footer>'],
]);

describe('shell parts', () => {
  it("names each part's file in a release and its include in nginx's SSI syntax", () => {
    expect(partPath('menus')).toBe('/shell-parts/menus/index.html');
    expect(partInclude('sidebar')).toBe(
      '<!--# include virtual="/shell-parts/sidebar/index.html" -->',
    );
    expect(new Set(SHELL_PARTS.map(partPath)).size).toBe(SHELL_PARTS.length);
  });

  it('fills each include with its part, as nginx does, and finds which a page has', () => {
    const page = `<header>${partInclude('menus')}</header><main>a</main>${partInclude('footer')}`;
    expect(includedParts(page)).toEqual(['menus', 'footer']);
    expect(assembleParts(page, parts)).toBe(
      '<header><nav>menus</nav></header><main>a</main><footer>2026</footer>',
    );
    // A part the release lacks leaves nothing (nginx's ssi_silent_errors).
    expect(assembleParts(partInclude('sidebar'), parts)).toBe('');
    expect(includedParts('<p>no parts</p>')).toEqual([]);
  });

  it('fills nothing but its own includes: another file, a command or a look-alike stays text', () => {
    const others = [
      '<!--# include virtual="/api/customer/account" -->',
      '<!--# include virtual="/shell-parts/secrets/index.html" -->',
      '<!--# include file="/shell-parts/menus/index.html" -->',
      '<!--#echo var="remote_addr" -->',
    ];
    for (const other of others) {
      expect(assembleParts(other, parts)).toBe(other);
      expect(strayCommands(`<p>${other}</p>`)).toEqual([other]);
    }
  });

  it('finds every SSI command a page carries other than the shell includes', () => {
    const page = [
      partInclude('menus'),
      '<!-- a plain comment -->',
      '<p>&lt;!--# include virtual="/api" --&gt; escaped text is no command</p>',
      partInclude('footer'),
    ].join('');
    expect(strayCommands(page)).toEqual([]);
    // The scan leaves nothing behind for the next reader of the same page.
    expect(includedParts(page)).toEqual(['menus', 'footer']);
    expect(strayCommands(`${page}<!--#config timefmt="%A" -->`)).toEqual([
      '<!--#config timefmt="%A" -->',
    ]);
  });
});
