import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { storeConfig } from '../../src/lib/config/index.ts';
import {
  assembleParts,
  partPath,
  SHELL_PARTS,
  type ShellPart,
} from '../../src/lib/shell/shell-parts.ts';
import { env } from '../../shared/env.ts';
import { expect, test } from './fixtures.ts';

// Budget (STYLE "Strictness and budgets"): the scripts every page runs at load, the
// shell's small scripts only; islands load at idle or when visible and are budgeted below.
// Counted: every script the page runs at load, each file and inline script gzipped on its
// own, plus the modules they import statically; chunks loaded by import() (the quote form,
// socket.io-client, the article feed, the cards' add module) are not counted here.
// Before any island: home 6,593 bytes (shell about 3,400: account links, sticky
// header and menus, footer year, toasts and loading bar with nanostores; then hero,
// featured slider and the quote button with Vite's preload helper), product page 4,668.
// Since issues 4 to 6, measured on the 240-product e2e build: home 12,478, product 10,438.
// What they added to every page: Astro's inline island runtime with the idle and visible
// directives (about 2,500; the header's search box and cart button are islands), the
// exit-intent popup with the shared user call (1,273), the page-view and idle realtime
// loader (649), Vite's preload helper where a page had none (914), the cards' add-button
// loader (449), and on product pages the feed block's observer. The limits leave about
// 5 percent for small changes.
// the support chat's entry on every page, 234 bytes before its first press
// (the rest loads on it); home measured 13,079 before it, 13,313 with it.
// One user store for the page (src/stores/account.ts: the header's links, the exit-intent
// popup and the account islands share one GET /api/user) in place of two small fetch helpers:
// home 13,710 and a product page 12,529 on the 2,000-product build.
// The hero and the seller reviews on the site's one carousel controller (src/lib/shell:
// slider-carousel.ts and slider-drag.ts, shared chunks in place of two inline copies):
// home 14,298 on the 2,000-product build (13,714 before).
// The shell's nine small scripts as one module (components/shell/client/index.ts), with the
// header's fleet switcher (issue 31) in it: home 13,778 and a product page 12,052 on the
// 240-product build, from 15,017 and 13,291 with each its own module. The limits follow, 5
// percent over.
const HOME_LIMIT = 14_450;
// a product page measured 11,935 (the header cart's count script and the
// client:interact directive, about 900, and the related products' slider loader, 352).
const PRODUCT_LIMIT = 12_650;

const dist = resolve(env.BUILD_OUT_DIR);
const built = existsSync(join(dist, 'index.html'));

/** A built page as the web servers send it: its shell parts filled in. */
function servedPage(htmlFile: string): string {
  const parts = new Map<ShellPart, string>();
  for (const part of SHELL_PARTS) {
    const file = join(dist, partPath(part));
    if (existsSync(file)) parts.set(part, readFileSync(file, 'utf8'));
  }
  return assembleParts(readFileSync(htmlFile, 'utf8'), parts);
}

/**
 * Gzipped bytes of every script a page runs at load: inline, src, and static imports, in the
 * page as it is sent (a shell part may bring a script).
 */
function pageScriptBytes(htmlFile: string): { bytes: number; files: string[] } {
  const html = servedPage(htmlFile);
  const seen = new Set<string>();
  let bytes = 0;
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    bytes += gzipSync(code).length;
    // Static imports only: `import ... from "./x.js"` and `import "./x.js"`, not import().
    for (const match of code.matchAll(
      /(?:^|[;}\s])import\s*(?:[\w${},\s*]+from\s*)?["']([^"']+\.js)["']/g,
    )) {
      const spec = match[1] ?? '';
      visit(spec.startsWith('/') ? join(dist, spec) : resolve(dirname(file), spec));
    }
  };
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/type=["']application\/(ld\+)?json["']/.test(attributes)) continue;
    const src = /\bsrc=["']([^"']+)["']/.exec(attributes)?.[1];
    if (src) visit(join(dist, src.split('?')[0] ?? ''));
    else if (body.trim()) {
      bytes += gzipSync(body).length;
      for (const imported of body.matchAll(
        /import\s*(?:[\w${},\s*]+from\s*)?["'](\/[^"']+\.js)["']/g,
      )) {
        visit(join(dist, imported[1] ?? ''));
      }
    }
  }
  return { bytes, files: [...seen] };
}

function firstProductPage(): string | undefined {
  const base = join(dist, storeConfig.theme.paths.productBase);
  if (!existsSync(base)) return undefined;
  const handle = readdirSync(base).find((name) => existsSync(join(base, name, 'index.html')));
  return handle ? join(base, handle, 'index.html') : undefined;
}

test.describe('JavaScript budget of the scripts a page runs at load', () => {
  test.skip(!built, `no build at ${dist}`);

  test(`the home page ships at most ${String(HOME_LIMIT)} bytes of gzipped JavaScript`, () => {
    const { bytes, files } = pageScriptBytes(join(dist, 'index.html'));
    expect(files.some((file) => file.includes('quote-overlay'))).toBe(false);
    expect(bytes).toBeLessThanOrEqual(HOME_LIMIT);
  });

  test(`a product page ships at most ${String(PRODUCT_LIMIT)} bytes of gzipped JavaScript`, () => {
    const page = firstProductPage();
    test.skip(!page, 'no product page in this build');
    const { bytes } = pageScriptBytes(page ?? '');
    expect(bytes).toBeLessThanOrEqual(PRODUCT_LIMIT);
  });
});

// Budget: "the buy box and the cart islands together add at most 25 KB of gzipped
// JavaScript to a product page beyond React itself". Islands are not <script> tags: each
// <astro-island> names its component and its renderer (React's client), which load at
// hydration. Counted here, each file gzipped on its own with its static imports:
// - React itself: the renderer's import closure (react-dom's client with Astro's glue, and
//   react). Measured on the 240-product e2e build: 68,925 bytes (client 65,741, react
//   3,042, the bundler runtime). The same for every island page; REACT_LIMIT leaves room
//   for a patch release.
// - What the islands add: the components' import closure, plus the card add module the
//   cards load at idle, less React and less what the page's own scripts already load.
//   Measured: 16,448 bytes (buy box 2,405, price island about 560, their shared chunk with
//   zod/mini, @nanostores/react and the variant rules 8,474, card add 717, cart store 2,988,
//   API client chunk 1,429): 16,448 for the buy box alone, 19,524 with the cart's header
//   button and overlay islands merged in.
const REACT_LIMIT = 72_000;
const ISLANDS_LIMIT = 25_000;
/** The islands issue 4's budget names: buy box, its price, and the header's cart button. */
const CART_AND_BUY_BOX = /component-url="[^"]*\/(BuyBox|BuyBoxPrice|CartButton)\.[\w-]+\.js"/;
// With every island merged (issues 4 to 6) the buy box and cart measure 20,763 bytes (their
// zod/mini chunk is shared with the other islands). Every island of a product page together
// (search box, cart, gallery, buy box, recently viewed) adds 31,364 beyond React, all loaded
// at idle or when visible; the limit leaves about 5 percent. By issue 11 they measured 32,939
// (tooltips and the recently viewed slider); issue 11's unreachable-store handling (the
// client's bounded retries and 'still trying' notice, the cart store's read time-out and
// failure state, the add buttons' messages) added 926, to 33,865 (buy box and cart 21,568).
// Issue 13 item 4 gave the store one html-to-text (shared/format/html-text.ts) in place of
// the viewer's and the cards' own tag strippers: script and style content dropped, the
// entities a catalogue writes decoded. With it the islands measured 35,731; its entity list
// was then cut (1,025 bytes gzipped alone, now 746), and the limit moved to 36,000.
// Issue 13 (the related products' slider, the header cart's count script) measured 36,075.
// Every browser call through the one API client, and the user store: 37,107. Issue 29 (the
// stock note decided in the buy box from its state and the live check, one call-for-price
// rule in every island that shows a price, the cart button keeping the focus): 38,103.
// Issue 31 (the search box's Machines group, the card's fit in the card contract): 38,520. The
// islands share one build of zod's schema classes: a kind of check any island uses (an enum, a
// default, a regex) grows every page's share, so the fleet is read without zod.
// Issue 32: the search box loads its suggestion reader on its first focus, not with the page
// (the quick order shares it for its typed row and its offline rows): 36,632. The limit came
// down from 38,600 to keep what that gained. Issue 33 (item 5) made the related products'
// strip an island, fetched with the recently viewed one when its place nears the screen: its
// ten prerendered cards were 15 KB of every product page's HTML, and the page's own scripts
// went from 12,857 to 11,851 without its slider and card loaders (the demo's build). Its
// component (945) and the recently viewed strip's card fetch, now shared, took the islands
// from 36,874 to 38,156. The limit moved to 38,400 for it; the two strips drawn by one
// component in one island would bring it back.
const ALL_ISLANDS_LIMIT = 38_400;

function importClosure(entries: readonly string[]): Map<string, number> {
  const sizes = new Map<string, number>();
  const visit = (file: string) => {
    if (sizes.has(file) || !existsSync(file)) return;
    const code = readFileSync(file, 'utf8');
    sizes.set(file, gzipSync(code).length);
    for (const match of code.matchAll(
      /(?:^|[;}\s])import\s*(?:[\w${},\s*]+from\s*)?["']([^"']+\.js)["']/g,
    )) {
      const spec = match[1] ?? '';
      visit(spec.startsWith('/') ? join(dist, spec) : resolve(dirname(file), spec));
    }
  };
  for (const entry of entries) visit(entry);
  return sizes;
}

/** React's bytes and the bytes the page's islands add beyond React and the page's scripts. */
function islandBytes(
  htmlFile: string,
  only?: RegExp,
): { react: number; islands: number; components: string[] } {
  const html = servedPage(htmlFile);
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !only || only.test(tag));
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1] ?? '';
  const page = new Set(pageScriptBytes(htmlFile).files);
  // The card add module loads at idle from the cards' script: it counts with the islands.
  const cardModules = [...page].flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(/import\(\s*["'`]([^"'`]*card-add[^"'`]*\.js)["'`]/g),
    ].map((match) => resolve(dirname(file), match[1] ?? '')),
  );
  const components = [
    ...islands.map((tag) => join(dist, attr(tag, 'component-url'))),
    ...cardModules,
  ];
  const renderers = [...new Set(islands.map((tag) => join(dist, attr(tag, 'renderer-url'))))];
  const react = importClosure(renderers);
  let added = 0;
  for (const [file, bytes] of importClosure(components)) {
    if (!react.has(file) && !page.has(file)) added += bytes;
  }
  return {
    react: [...react.values()].reduce((sum, bytes) => sum + bytes, 0),
    islands: added,
    components,
  };
}

test.describe('JavaScript budget of the product page islands', () => {
  test.skip(!built, `no build at ${dist}`);

  test(`React is at most ${String(REACT_LIMIT)} bytes and the buy box and cart islands add at most ${String(ISLANDS_LIMIT)} bytes beyond it`, () => {
    const page = firstProductPage();
    test.skip(!page, 'no product page in this build');
    // Issue 4's budget covers the buy box and the cart islands (and the cards' add module).
    const { react, islands, components } = islandBytes(page ?? '', CART_AND_BUY_BOX);
    expect(components.some((file) => /BuyBox\.[\w-]+\.js$/.test(file))).toBe(true);
    expect(components.some((file) => /CartButton\.[\w-]+\.js$/.test(file))).toBe(true);
    expect(react).toBeGreaterThan(0);
    expect(react).toBeLessThanOrEqual(REACT_LIMIT);
    expect(islands).toBeLessThanOrEqual(ISLANDS_LIMIT);
  });

  test(`all the product page's islands add at most ${String(ALL_ISLANDS_LIMIT)} bytes beyond React`, () => {
    const page = firstProductPage();
    test.skip(!page, 'no product page in this build');
    const { islands, components } = islandBytes(page ?? '');
    // Search box, cart button, gallery, buy box price and buy box, recently viewed.
    expect(components.length).toBeGreaterThanOrEqual(6);
    expect(islands).toBeLessThanOrEqual(ALL_ISLANDS_LIMIT);
  });

  test('islands hydrate late, never on load', () => {
    const page = firstProductPage();
    test.skip(!page, 'no product page in this build');
    const html = readFileSync(page ?? '', 'utf8');
    const modes = [...html.matchAll(/<astro-island\b[^>]*\bclient="([^"]+)"/g)].map((m) => m[1]);
    expect(modes.length).toBeGreaterThan(0);
    // interact: the header's search box and cart button.
    for (const mode of modes) expect(['idle', 'visible', 'interact']).toContain(mode);
  });
});
