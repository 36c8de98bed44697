import { defineCollection } from 'astro:content';
import type { z } from 'zod';
import { env } from '../shared/env.ts';
import { buildToken } from '../shared/merchandiser-token.ts';
import { apiListLoader, type ApiListSource } from './loaders/api-list-loader.ts';
import { listSources } from './loaders/list-sources.ts';
import { productRecordSchema } from '../shared/contracts/product-record.ts';
import { productsLoader } from './loaders/products-loader.ts';

// Pages read only from these collections; no page fetches the API (DESIGN, build pipeline 4).
const apiUrl = env.API_URL;

const products = defineCollection({
  loader: productsLoader({ apiUrl, token: buildToken(env.DATA_DIR, env.ADMIN_TOKEN) }),
  schema: productRecordSchema,
});

/** A collection read through one API list call (src/loaders/list-sources.ts). */
const fromList = <S extends z.ZodType>({ source, schema }: { source: ApiListSource; schema: S }) =>
  defineCollection({ loader: apiListLoader({ apiUrl, source, schema }), schema });

const lists = listSources();

export const collections = {
  products,
  // The store's product collections (categories); `collections` is Astro's word for all of these.
  collections: fromList(lists.collections),
  /** The whole navigation tree, one entry per top-level node; menus cut it to their depth. */
  nav: fromList(lists.nav),
  articles: fromList(lists.articles),
  helpAnswers: fromList(lists.helpAnswers),
  pages: fromList(lists.pages),
  questionTopics: fromList(lists.questionTopics),
  questions: fromList(lists.questions),
  siteReviews: fromList(lists.siteReviews),
  machines: fromList(lists.machines),
};
