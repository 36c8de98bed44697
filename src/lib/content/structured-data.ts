import { pageMayShow } from '../seo/page-images.ts';
/**
 * schema.org JSON-LD for the content pages (DESIGN, "Crawlers"). Render with jsonLdText().
 */
export interface ArticleLdInput {
  title: string;
  summary: string;
  author: string;
  publishedAt: string;
  imageUrl: string | null;
  wordCount: number;
  /** Root-relative path of the article's page. */
  path: string;
  storeName: string;
  logoUrl: string;
}

/** An Article with absolute URLs on `site`. */
export function articleJsonLd(input: ArticleLdInput, site: string | URL) {
  const url = new URL(input.path, site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: input.title,
    ...(input.summary ? { description: input.summary } : {}),
    // Only a picture the page may show under its own CSP (../seo/page-images.ts).
    ...(input.imageUrl && pageMayShow(input.imageUrl, site)
      ? { image: [new URL(input.imageUrl, site).href] }
      : {}),
    datePublished: input.publishedAt,
    ...(input.author ? { author: { '@type': 'Person', name: input.author } } : {}),
    publisher: {
      '@type': 'Organization',
      name: input.storeName,
      logo: { '@type': 'ImageObject', url: new URL(input.logoUrl, site).href },
    },
    wordCount: input.wordCount,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
  };
}

export interface QuestionLdInput {
  title: string;
  body: string;
  askedBy: string;
  createdAt: string;
  /** The answer as plain text; '' when not answered yet. */
  answerText: string;
  path: string;
}

/** A QAPage for one question; an accepted Answer only when there is one. */
export function questionJsonLd(input: QuestionLdInput, site: string | URL) {
  const url = new URL(input.path, site).href;
  const answered = input.answerText.trim() !== '';
  return {
    '@context': 'https://schema.org',
    '@type': 'QAPage',
    url,
    mainEntity: {
      '@type': 'Question',
      name: input.title,
      text: input.body.trim() || input.title,
      dateCreated: input.createdAt,
      ...(input.askedBy ? { author: { '@type': 'Person', name: input.askedBy } } : {}),
      answerCount: answered ? 1 : 0,
      ...(answered
        ? { acceptedAnswer: { '@type': 'Answer', text: input.answerText.trim(), url } }
        : {}),
    },
  };
}
