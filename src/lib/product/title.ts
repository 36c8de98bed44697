import sanitize from 'sanitize-html';
import { htmlToText } from '../../../shared/format/html-text.ts';
import { INLINE_TAGS } from '../../../shared/format/sanitize-html.ts';

/** The description meta falls back to this many characters of the description text. */
export const META_DESCRIPTION_LENGTH = 160;

export interface ProductTitle {
  /** The title as text: mobile, the document title, alt text, structured data. */
  plain: string;
  /** Sanitised inline markup for the desktop heading, or null when it has no markup. */
  markup: string | null;
}

/**
 * The two forms of a product title. The loader does not sanitise titles, so the markup is
 * made safe here with a narrower allowlist than descriptions: inline tags only, no
 * attributes (no links, handlers or styles inside a heading).
 * @example productTitle('Seal <b>Kit</b>') // { plain: 'Seal Kit', markup: 'Seal <b>Kit</b>' }
 * @example productTitle('Seal Kit') // { plain: 'Seal Kit', markup: null }
 */
export function productTitle(title: string): ProductTitle {
  const plain = htmlToText(title);
  const markup = sanitize(title, {
    allowedTags: INLINE_TAGS,
    allowedAttributes: {},
    // Anything dropped loses its content as well as its tags: no script text in a heading.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'title'],
  }).trim();
  return { plain, markup: markup.includes('<') ? markup : null };
}

/**
 * The page's title and description meta (spec storefront 2, "SEO metadata"): the SEO
 * fields, falling back to the title and to the start of the description text.
 */
export function productMeta(product: {
  title: string;
  seoTitle: string | null;
  seoDescription: string | null;
  descriptionHtml: string;
}): { title: string; description: string | undefined } {
  const seoTitle = product.seoTitle ? htmlToText(product.seoTitle) : '';
  const seoDescription = product.seoDescription ? htmlToText(product.seoDescription) : '';
  return {
    title: seoTitle || htmlToText(product.title),
    description: seoDescription || shorten(htmlToText(product.descriptionHtml)) || undefined,
  };
}

/** Text cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function shorten(text: string, max = META_DESCRIPTION_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
