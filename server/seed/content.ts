import type { Database } from '../db/open.ts';
import { articleHtml, DEMO_ARTICLES } from './articles.ts';
import { productQuestion, type PartFit } from './fit.ts';
import { HELP_ANSWERS, DEMO_PAGES, PEOPLE, QUESTION_TOPICS } from './pages.ts';
import { DEMO_EPOCH, demoPartFit, productContext } from './products.ts';
import { STORE_QUESTIONS, type QuestionTemplate } from './question-texts.ts';
import { createRandom, type Random } from './random.ts';
import { SITE_REVIEW_MESSAGES } from './review-texts.ts';

/** Counts of what writeContent wrote. */
export interface ContentCounts {
  articles: number;
  helpAnswers: number;
  pages: number;
  questions: number;
  siteReviews: number;
  orders: number;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Rows of the content tables this module replaces, in an order foreign keys allow. */
export const CONTENT_TABLES = [
  'questions',
  'question_topics',
  'articles',
  'help_answers',
  'pages',
  'site_reviews',
  'orders',
  'discount_codes',
] as const;

/** Store question number n (on no product), in turn. */
function storeQuestion(n: number) {
  const q = STORE_QUESTIONS[n % STORE_QUESTIONS.length];
  if (!q) throw new Error('no store questions');
  return { topicId: q.topic, title: q.title, body: q.body, answerHtml: q.answer };
}

/** The demo articles, a week and a bit apart before the demo's epoch. */
function writeArticles(db: Database): void {
  const article = db.prepare(
    `INSERT INTO articles (id, handle, title, summary, body_html, author, image_url, published_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  DEMO_ARTICLES.forEach((a, n) => {
    const image = `/api/media/banners/article-${a.handle}.svg`;
    article.run(
      a.id,
      a.handle,
      a.title,
      a.summary,
      articleHtml(a),
      a.author,
      image,
      iso(DEMO_EPOCH - (n + 1) * 9 * DAY),
    );
  });
}

/** The help answers and the store's pages, in list order. */
function writeHelpAndPages(db: Database): void {
  const help = db.prepare(
    'INSERT INTO help_answers (id, handle, title, body_html, topic, position) VALUES (?, ?, ?, ?, ?, ?)',
  );
  HELP_ANSWERS.forEach((h, n) => help.run(n + 1, h.handle, h.title, h.body, h.topic, n));

  const page = db.prepare('INSERT INTO pages (id, handle, title, body_html) VALUES (?, ?, ?, ?)');
  DEMO_PAGES.forEach((p, n) => page.run(n + 1, p.handle, p.title, p.body));
}

const QUESTION_COUNT = 30;

/** The question topics, then the questions: two in three about a product, the rest about the store. */
function writeQuestions(
  db: Database,
  rng: Random,
  productCount: number,
  fitFor: (id: number) => PartFit,
): number {
  const topic = db.prepare('INSERT INTO question_topics (id, handle, title) VALUES (?, ?, ?)');
  for (const t of QUESTION_TOPICS) topic.run(t.id, t.handle, t.title);
  const question = db.prepare(
    `INSERT INTO questions (id, displayable_id, handle, topic_id, product_id, title, body,
       answer_html, asked_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  let storeQuestions = 0;
  // Each product question text once while there are others for the part (the questions list).
  const asked = new Set<QuestionTemplate>();
  for (let n = 0; n < QUESTION_COUNT; n += 1) {
    // Two in three questions are about a product (spec storefront 2: the Q&A block).
    const productId = productCount > 0 && n % 3 !== 2 ? rng.int(1, productCount) : null;
    const { topicId, title, body, answerHtml } =
      productId === null
        ? storeQuestion(storeQuestions++)
        : productQuestion(rng, fitFor(productId), asked);
    const handle = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    question.run(
      n + 1,
      `Q${10_000 + n + 1}`,
      handle,
      topicId,
      productId,
      title,
      body,
      answerHtml,
      rng.pick(PEOPLE),
      iso(DEMO_EPOCH - (n + 1) * 3 * DAY - rng.int(0, DAY - 1)),
    );
  }
  return QUESTION_COUNT;
}

const SITE_REVIEW_COUNT = 40;

/** The store's own reviews, two days apart. */
function writeSiteReviews(db: Database, rng: Random): number {
  const review = db.prepare(
    'INSERT INTO site_reviews (id, name, message, stars, url, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (let n = 0; n < SITE_REVIEW_COUNT; n += 1) {
    // Every fifth review has no message (spec account-and-shell 3: 'No feedback given.').
    const message = n % 5 === 3 ? null : rng.pick(SITE_REVIEW_MESSAGES);
    const stars = rng.weighted([3, 4, 5], [1, 3, 10]);
    review.run(
      n + 1,
      rng.pick(PEOPLE),
      message,
      stars,
      `https://www.resellerratings.com/store/Industrial_Parts_Depot#review-${n + 1}`,
      iso(DEMO_EPOCH - n * 2 * DAY - rng.int(0, DAY - 1)),
    );
  }
  return SITE_REVIEW_COUNT;
}

/** Three discount codes (one inactive) and the free-shipping threshold. */
function writeDiscountsAndSettings(db: Database): void {
  db.exec(`INSERT INTO discount_codes (code, kind, value, minimum_subtotal_cents, active) VALUES
    ('WELCOME10', 'percent', 10, 0, 1),
    ('SAVE20', 'amount', 2000, 10000, 1),
    ('SPRING15', 'percent', 15, 0, 0)`);
  // The free-shipping threshold in dollars, a JSON number (spec storefront 9: $199).
  db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run('freeShippingAmount', '199');
}

/** A few guest orders in each status. */
function writeOrders(db: Database, rng: Random): number {
  const order = db.prepare(
    `INSERT INTO orders (id, customer_id, displayable_id, status, total_cents, created_at)
     VALUES (?, NULL, ?, ?, ?, ?)`,
  );
  const statuses = ['SUCCESS', 'PENDING', 'SUCCESS', 'FAILURE', 'SUCCESS'];
  statuses.forEach((status, n) => {
    order.run(
      n + 1,
      `IPD-${100_123 + n * 17}`,
      status,
      rng.int(2_000, 250_000),
      iso(DEMO_EPOCH - (n + 1) * 5 * DAY),
    );
  });
  return statuses.length;
}

/**
 * Replaces the store's content with SQL into the tables of server/db/migrations/: articles,
 * help answers, pages, question topics and questions (some tied to products 1..productCount,
 * some answered), site reviews (some without a message), discount codes, the free-shipping
 * setting and a few guest orders. Deterministic for a seed; dates are fixed, not the clock.
 * A question on a product is written for it: `fitOf` says what product
 * `id` is, by default demo product `id` of this seed and catalogue size.
 */
export function writeContent(
  db: Database,
  seed: number,
  productCount: number,
  fitOf?: (id: number) => PartFit,
): ContentCounts {
  const rng = createRandom(seed, 0x0c0de);
  const demo = productContext(seed, productCount);
  const fitFor = fitOf ?? ((id: number) => demoPartFit(demo, id - 1));
  for (const table of CONTENT_TABLES) db.exec(`DELETE FROM ${table}`);
  writeArticles(db);
  writeHelpAndPages(db);
  // The random draws run questions, then site reviews, then orders: keep that order.
  const questions = writeQuestions(db, rng, productCount, fitFor);
  const siteReviews = writeSiteReviews(db, rng);
  writeDiscountsAndSettings(db);
  const orders = writeOrders(db, rng);
  return {
    articles: DEMO_ARTICLES.length,
    helpAnswers: HELP_ANSWERS.length,
    pages: DEMO_PAGES.length,
    questions,
    siteReviews,
    orders,
  };
}
