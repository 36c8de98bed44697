import { storeConfig } from '../lib/config/index.ts';
import type { ApiListSource } from './api-list-loader.ts';
import {
  articleRecordSchema,
  collectionRecordSchema,
  helpAnswerRecordSchema,
  navNodeSchema,
  pageRecordSchema,
  questionRecordSchema,
  siteReviewRecordSchema,
  topicRecordSchema,
} from '../../shared/contracts/catalogue-records.ts';
import { machineRecordSchema } from '../../shared/contracts/machine-record.ts';

const byHandle = (path: string) => (listed: Record<string, unknown>) =>
  `${path}/${encodeURIComponent(String(listed['handle']))}`;

/**
 * The content collections read whole through one API list call each, by collection name: the
 * build's loaders (src/content.config.ts) and the publisher's warm renderer, which reads them
 * again before each publish (publisher/warm/worker.ts), take them from here.
 */
export function listSources(theme = storeConfig.theme) {
  const { paths, imagePlacements } = theme;
  return {
    // Issue 31, item 7: the machine models, each with a page of its own.
    machines: {
      source: { path: '/api/machines/models', key: 'models', pageSize: 500 },
      schema: machineRecordSchema,
    },
    collections: {
      source: { path: '/api/collections?sortBy=id_asc', key: 'collections', pageSize: 500 },
      schema: collectionRecordSchema,
    },
    nav: {
      source: {
        path: `/api/nav?collectionUrlPrefix=${encodeURIComponent(paths.collectionBase)}&imagePlacement=${imagePlacements.collection.menuImage}`,
        key: 'navData',
      },
      schema: navNodeSchema,
    },
    articles: {
      source: {
        path: '/api/articles',
        key: 'articles',
        pageSize: 100,
        detailPath: (listed) => `/api/articles/${String(listed['id'])}`,
        detailKey: 'article',
      },
      schema: articleRecordSchema,
    },
    helpAnswers: {
      source: {
        path: '/api/helpAnswers',
        key: 'helpAnswers',
        detailPath: byHandle('/api/helpAnswers/handle'),
        detailKey: 'helpAnswer',
      },
      schema: helpAnswerRecordSchema,
    },
    pages: {
      source: {
        path: '/api/pages',
        key: 'pages',
        detailPath: byHandle('/api/pages/handle'),
        detailKey: 'page',
      },
      schema: pageRecordSchema,
    },
    questionTopics: {
      source: { path: '/api/questions/topics', key: 'topics' },
      schema: topicRecordSchema,
    },
    questions: {
      source: {
        path: '/api/questions',
        key: 'questions',
        pageSize: 100,
        detailPath: (listed) =>
          `/api/questions/${encodeURIComponent(String(listed['displayableId']))}`,
        detailKey: 'question',
      },
      schema: questionRecordSchema,
    },
    siteReviews: {
      source: { path: '/api/reviews/siteReviews', key: 'siteReviews', pageSize: 100 },
      schema: siteReviewRecordSchema,
    },
  } satisfies Record<string, { source: ApiListSource; schema: unknown }>;
}
