import { z } from 'zod';
import { htmlToText } from '../format/html-text.ts';
import { sanitizeHtml } from '../format/sanitize-html.ts';
import { recordSeoFields } from './product-record.ts';
import {
  catalogueUrl,
  cleanArticleUrls,
  cleanCollectionUrls,
  cleanNavUrls,
  urlCleaners,
} from './record-urls.ts';

/**
 * The records of the catalogue's other collections as the build keeps them: validated, with
 * HTML sanitised once on the way in (DESIGN, build pipeline 2 and 3). Fields the pages do
 * not read are left out; zod drops them.
 */
const url = catalogueUrl;
const html = z.string().transform(sanitizeHtml);
const plain = z.string().transform(htmlToText);

const imagePlacement = z.object({ imagePath: url, altText: z.string() });

/** A collection (spec storefront 3, "Collection"), from GET /api/collections. */
export const collectionRecordSchema = z.object({
  id: z.number().int().positive(),
  title: plain.pipe(z.string().min(1)),
  handle: z.string().min(1),
  ...recordSeoFields,
  isFeatured: z.boolean(),
  imageUrl: url.nullable(),
  descriptionHtml: html,
  childCollectionsCount: z.number().int().min(0),
  parentId: z.number().int().nullable(),
  position: z.number().int(),
  breadcrumbs: z.array(z.object({ title: plain, handle: z.string() })),
  images: z.record(z.string(), imagePlacement),
  productCount: z.number().int().min(0),
  updatedAt: z.string(),
});
export type CollectionRecord = z.output<typeof collectionRecordSchema>;

/** One node of the navigation tree (spec storefront 3, "Navigation node"). */
export interface NavNode {
  id: number;
  title: string;
  url: string;
  imageUrl?: string | null | undefined;
  maxChildItemsToDisplay?: number | null | undefined;
  children: NavNode[];
}
const navNode: z.ZodType<NavNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: plain,
    url,
    imageUrl: url.nullable().optional(),
    maxChildItemsToDisplay: z.number().int().nullable().optional(),
    children: z.array(navNode),
  }),
);
export const navNodeSchema = navNode;

/** An article of the blog (its body comes from the detail call). */
export const articleRecordSchema = z.object({
  id: z.number().int().positive(),
  handle: z.string().min(1),
  title: plain.pipe(z.string().min(1)),
  summary: plain,
  author: z.string(),
  imageUrl: url.nullable(),
  publishedAt: z.string(),
  bodyHtml: html,
  wordCount: z.number().int().min(0),
});
export type ArticleRecord = z.output<typeof articleRecordSchema>;

/** What the blog list, the article page and the API's article list read from an article. */
export type ArticleSource = Pick<
  ArticleRecord,
  'id' | 'handle' | 'title' | 'summary' | 'author' | 'imageUrl' | 'publishedAt' | 'wordCount'
>;

/** A help answer (/help.asp, /help_answer/:handle). */
export const helpAnswerRecordSchema = z.object({
  id: z.number().int().positive(),
  handle: z.string().min(1),
  title: plain.pipe(z.string().min(1)),
  topic: z.string(),
  bodyHtml: html,
});

/** A generic page (/:handle). */
export const pageRecordSchema = z.object({
  id: z.number().int().positive(),
  handle: z.string().min(1),
  title: plain.pipe(z.string().min(1)),
  bodyHtml: html,
});

/** A questions topic. */
export const topicRecordSchema = z.object({
  id: z.number().int().positive(),
  handle: z.string().min(1),
  title: plain.pipe(z.string().min(1)),
  questionCount: z.number().int().min(0),
});

/** A customer question with its answer. */
export const questionRecordSchema = z.object({
  id: z.number().int().positive(),
  displayableId: z.string().min(1),
  handle: z.string().min(1),
  title: plain.pipe(z.string().min(1)),
  topicId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  askedBy: z.string(),
  createdAt: z.string(),
  body: plain,
  answerHtml: html,
});

/** A review of the store (spec account-and-shell 3, "Site review"). */
export const siteReviewRecordSchema = z.object({
  id: z.number().int().positive(),
  // The review's own page: a bad link is reported (the review is skipped), not dropped.
  url,
  message: plain,
  name: plain,
  stars: z.number().int().min(1).max(5),
  createdAt: z.string(),
});
export type SiteReviewRecord = z.output<typeof siteReviewRecordSchema>;

/** A brand with how many products carry it. */
export const vendorRecordSchema = z.object({
  name: z.string().min(1),
  productCount: z.number().int().min(0),
});
export type VendorRecord = z.output<typeof vendorRecordSchema>;

// What readApiList does with bad URLs before these schemas read a record (record-urls.ts).
urlCleaners.add(collectionRecordSchema, { clean: cleanCollectionUrls });
urlCleaners.add(navNodeSchema, { clean: (raw) => cleanNavUrls(raw) });
urlCleaners.add(articleRecordSchema, { clean: cleanArticleUrls });
