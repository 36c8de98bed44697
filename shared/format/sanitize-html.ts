import sanitize from 'sanitize-html';

/**
 * Hosts whose frames may appear in product and article HTML (video embeds). Every other
 * iframe is dropped.
 */
export const ALLOWED_IFRAME_HOSTS = [
  'www.youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
];

/**
 * Inline tags: what a product title may carry on desktop (spec storefront 2, "HTML allowed";
 * src/lib/product/title.ts), and part of what a description or an article body may.
 */
export const INLINE_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'span',
  'br',
];

const options: sanitize.IOptions = {
  allowedTags: [
    ...INLINE_TAGS,
    'p',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'a',
    'img',
    'figure',
    'figcaption',
    'div',
    'iframe',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    iframe: ['src', 'title', 'width', 'height', 'allowfullscreen'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  // No style, class or id: style tricks (overlays, hidden text) and id clashes stay out.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ALLOWED_IFRAME_HOSTS,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

/**
 * Makes HTML from the API safe to render as-is: an allowlist of tags and attributes, no
 * scripts, no on* handlers, no javascript: or data: URLs, iframes only from known video hosts.
 * Runs once, in the content loaders (DESIGN, build pipeline 3).
 * @example sanitizeHtml('<p onclick="x()">Hi<script>x()</script></p>') // '<p>Hi</p>'
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, options);
}
