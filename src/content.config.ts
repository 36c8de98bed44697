import { defineCollection } from 'astro:content';
import { storeConfig } from './lib/config/index.ts';
import { env } from './lib/env.ts';
import { apiListLoader } from './loaders/api-list-loader.ts';
import {
  articleRecordSchema,
  collectionRecordSchema,
  helpAnswerRecordSchema,
  navNodeSchema,
  pageRecordSchema,
  questionRecordSchema,
  siteReviewRecordSchema,
  topicRecordSchema,
} from './loaders/catalogue-records.ts';
import { productRecordSchema } from './loaders/product-record.ts';
import { productsLoader } from './loaders/products-loader.ts';

// Pages read only from these collections; no page fetches the API (DESIGN, build pipeline 4).
const apiUrl = env.API_URL;
const { paths, imagePlacements } = storeConfig.theme;
const byHandle = (path: string) => (listed: Record<string, unknown>) =>
  `${path}/${encodeURIComponent(String(listed['handle']))}`;

const products = defineCollection({
  loader: productsLoader({ apiUrl, token: env.ADMIN_TOKEN }),
  schema: productRecordSchema,
});

const categories = defineCollection({
  loader: apiListLoader({
    apiUrl,
    source: { path: '/api/collections?sortBy=id_asc', key: 'collections', pageSize: 500 },
    schema: collectionRecordSchema,
  }),
  schema: collectionRecordSchema,
});

/** The whole navigation tree, one entry per top-level node; menus cut it to their depth. */
const nav = defineCollection({
  loader: apiListLoader({
    apiUrl,
    source: {
      path: `/api/nav?collectionUrlPrefix=${encodeURIComponent(paths.collectionBase)}&imagePlacement=${imagePlacements.collection.menuImage}`,
      key: 'navData',
    },
    schema: navNodeSchema,
  }),
  schema: navNodeSchema,
});

const articles = defineCollection({
  loader: apiListLoader({
    apiUrl,
    source: {
      path: '/api/articles',
      key: 'articles',
      pageSize: 100,
      detailPath: (listed) => `/api/articles/${String(listed['id'])}`,
      detailKey: 'article',
    },
    schema: articleRecordSchema,
  }),
  schema: articleRecordSchema,
});

const helpAnswers = defineCollection({
  loader: apiListLoader({
    apiUrl,
    source: {
      path: '/api/helpAnswers',
      key: 'helpAnswers',
      detailPath: byHandle('/api/helpAnswers/handle'),
      detailKey: 'helpAnswer',
    },
    schema: helpAnswerRecordSchema,
  }),
  schema: helpAnswerRecordSchema,
});

const pages = defineCollection({
  loader: apiListLoader({
    apiUrl,
    source: {
      path: '/api/pages',
      key: 'pages',
      detailPath: byHandle('/api/pages/handle'),
      detailKey: 'page',
    },
    schema: pageRecordSchema,
  }),
  schema: pageRecordSchema,
});

const questionTopics = defineCollection({
  loader: apiListLoader({
    apiUrl,
    source: { path: '/api/questions/topics', key: 'topics' },
    schema: topicRecordSchema,
  }),
  schema: topicRecordSchema,
});

const questions = defineCollection({
  loader: apiListLoader({
    apiUrl,
    source: {
      path: '/api/questions',
      key: 'questions',
      pageSize: 100,
      detailPath: (listed) =>
        `/api/questions/${encodeURIComponent(String(listed['displayableId']))}`,
      detailKey: 'question',
    },
    schema: questionRecordSchema,
  }),
  schema: questionRecordSchema,
});

const siteReviews = defineCollection({
  loader: apiListLoader({
    apiUrl,
    source: { path: '/api/reviews/siteReviews', key: 'siteReviews', pageSize: 100 },
    schema: siteReviewRecordSchema,
  }),
  schema: siteReviewRecordSchema,
});

export const collections = {
  products,
  // The store's product collections (categories); `collections` is Astro's word for all of these.
  collections: categories,
  nav,
  articles,
  helpAnswers,
  pages,
  questionTopics,
  questions,
  siteReviews,
};
