import type { APIRequestContext, Page } from '@playwright/test';
import { storeConfig } from '../../src/lib/config/index.ts';
import { articleUrl, expect, expectConsoleError, failedRequest, needed, test } from './fixtures.ts';

// Content and index pages of issue 3: blog, help, generic pages, questions, the HTML sitemap,
// the product and category indexes, robots.txt. Data comes from the live API, never a seed.

const { articleBase, collectionBase } = storeConfig.theme.paths;

interface ApiArticle {
  id: number;
  handle: string;
  title: string;
  author: string;
  summary: string;
}

async function getJson<T>(api: APIRequestContext, path: string): Promise<T> {
  const reply = await api.get(path);
  expect(reply.ok(), `${path} answers`).toBe(true);
  return (await reply.json()) as T;
}

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/** The text an API title shows as (HTML entities in plain titles decoded). */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

test.describe('blog', () => {
  test('the article list shows a card per article with its read time', async ({ page, api }) => {
    const { articles } = await getJson<{ articles: ApiArticle[] }>(api, '/api/articles?limit=12');
    expect(articles, 'the demo seed writes articles').not.toHaveLength(0);
    await page.goto(articleBase);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(page.getByText(storeConfig.theme.blogDescription).first()).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(Math.min(articles.length, 12));
    const [first] = articles;
    if (!first) return;
    const { article } = await getJson<{ article: ApiArticle & { wordCount: number } }>(
      api,
      `/api/articles/${first.id}`,
    );
    const card = cards.filter({ has: page.getByRole('link', { name: plain(first.title) }) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`By ${first.author}`);
    await expect(card).toContainText(`${Math.max(1, Math.ceil(article.wordCount / 225))} min read`);
    await expect(card.locator('img')).toHaveAttribute('width', /\d+/);
  });

  test('an article shows its byline, body, breadcrumbs and Article JSON-LD', async ({
    page,
    api,
  }) => {
    const { articles } = await getJson<{ articles: ApiArticle[] }>(api, '/api/articles?limit=1');
    const first = needed(articles[0], 'article');
    await page.goto(articleBase);
    await page.getByRole('link', { name: plain(first.title) }).click();
    await expect(page).toHaveURL(new RegExp(`${articleBase}/${first.handle}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(first.title));
    await expect(page.getByRole('main')).toContainText(`By ${first.author}`);
    await expect(page.getByRole('main')).toContainText(/\d+ min read/);
    const trail = crumbs(page);
    await expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(trail.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', articleBase);
    await expect(trail).toContainText(plain(first.title));

    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const article = blocks
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((data) => data['@type'] === 'Article');
    expect(article).toMatchObject({
      headline: plain(first.title),
      author: { '@type': 'Person', name: first.author },
    });
    expect(typeof article?.['datePublished']).toBe('string');
  });

  for (const id of [355, 257, 354]) {
    test(`the legacy link /Articles.asp?ID=${id} opens the article in one hop`, async ({
      page,
      api,
    }) => {
      const { article } = await getJson<{ article: ApiArticle }>(api, `/api/articles/${id}`);
      const url = await articleUrl(api, id);
      // One 301 straight to the canonical URL, in any case.
      for (const legacy of [`/Articles.asp?ID=${id}`, `/articles.asp?id=${id}`]) {
        const reply = await api.get(legacy, { maxRedirects: 0 });
        expect(reply.status(), legacy).toBe(301);
        expect(reply.headers()['location'], legacy).toBe(url);
      }
      const response = await page.goto(`/Articles.asp?ID=${id}`);
      expect(response?.status()).toBe(200);
      expect(response?.request().redirectedFrom()?.redirectedFrom()).toBeNull();
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(article.title));
    });
  }

  test("a legacy link to an article the store does not have is the store's 404 page", async ({
    page,
  }) => {
    expectConsoleError(page, failedRequest(404, '/Articles.asp?ID=999999')); // the page itself
    const response = await page.goto('/Articles.asp?ID=999999');
    expect(response?.status()).toBe(404);
    expect(response?.request().redirectedFrom()).toBeNull();
    await expect(page.getByRole('heading', { name: 'This page does not exist.' })).toBeVisible();
  });
});

test.describe('help', () => {
  test('help answers are grouped by topic and open their answer page', async ({ page, api }) => {
    const { helpAnswers } = await getJson<{
      helpAnswers: { handle: string; title: string; topic: string }[];
    }>(api, '/api/helpAnswers');
    expect(helpAnswers, 'the demo seed writes help answers').not.toHaveLength(0);
    const response = await page.goto('/help.asp');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    for (const topic of new Set(helpAnswers.map((a) => a.topic).filter(Boolean)))
      await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();

    const [answer] = helpAnswers;
    if (!answer) return;
    const section = page.getByRole('region', { name: answer.topic || 'Other questions' });
    const link = section.getByRole('link', { name: plain(answer.title) });
    await expect(link).toHaveAttribute('href', `/help_answer/${answer.handle}`);
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(answer.title));
    const { helpAnswer } = await getJson<{ helpAnswer: { bodyHtml: string } }>(
      api,
      `/api/helpAnswers/handle/${answer.handle}`,
    );
    const firstWords = plain(helpAnswer.bodyHtml.replace(/<[^>]+>/g, ' ')).slice(0, 30);
    await expect(page.getByRole('main')).toContainText(firstWords);
    await expect(crumbs(page).getByRole('link', { name: 'Help' })).toHaveAttribute(
      'href',
      '/help.asp',
    );
  });
});

test.describe('help answers', () => {
  test('link articles at their canonical URLs, not the legacy ones', async ({ page, api }) => {
    const { helpAnswers } = await getJson<{ helpAnswers: { handle: string }[] }>(
      api,
      '/api/helpAnswers',
    );
    let checked = 0;
    for (const { handle } of helpAnswers) {
      const { helpAnswer } = await getJson<{ helpAnswer: { bodyHtml: string } }>(
        api,
        `/api/helpAnswers/handle/${handle}`,
      );
      const ids = [...helpAnswer.bodyHtml.matchAll(/href="\/Articles\.asp\?ID=(\d+)"/gi)].map(
        (match) => Number(match[1]),
      );
      if (ids.length === 0) continue;
      await page.goto(`/help_answer/${handle}`);
      const main = page.getByRole('main');
      await expect(main.locator('a[href*="articles.asp" i]')).toHaveCount(0);
      for (const id of ids)
        await expect(main.locator(`a[href="${await articleUrl(api, id)}"]`).first()).toBeVisible();
      checked += 1;
    }
    // The demo's help answers link the shipping, bulk-order and compatibility articles.
    expect(checked, 'help answers that link an article by id').toBeGreaterThan(0);
  });
});

test.describe('generic pages', () => {
  test('each page of the pages collection is built at /{handle}', async ({ page, api }) => {
    const { pages } = await getJson<{ pages: { handle: string; title: string }[] }>(
      api,
      '/api/pages',
    );
    expect(pages, 'the demo seed writes pages').not.toHaveLength(0);
    for (const record of pages) {
      const response = await page.goto(`/${record.handle}`);
      expect(response?.status(), `/${record.handle}`).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(record.title));
    }
  });

  test('the footer and policy links reach their pages', async ({ api }) => {
    const { pages } = await getJson<{ pages: { handle: string }[] }>(api, '/api/pages');
    const handles = new Set(pages.map((p) => `/${p.handle}`));
    const { returns, shipping, requestAnItem } = storeConfig.theme.policyLinks;
    for (const path of [returns, shipping, requestAnItem].filter((p) => handles.has(p))) {
      const reply = await api.get(path);
      expect(reply.status(), path).toBe(200);
    }
  });

  test('confirm-subscription is a page that search engines skip', async ({ page, api }) => {
    const reply = await api.get('/api/pages/handle/confirm-subscription');
    expect(reply.ok(), 'the demo seed writes the confirm-subscription page').toBe(true);
    const { page: record } = (await reply.json()) as { page: { title: string } };
    await page.goto('/confirm-subscription');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(record.title));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});

test.describe('questions', () => {
  interface Topic {
    id: number;
    handle: string;
    title: string;
    questionCount: number;
  }
  interface Question {
    displayableId: string;
    handle: string;
    title: string;
    askedBy: string;
    topicId: number | null;
    answered: boolean;
  }

  test('the list shows topics with counts and recent questions', async ({ page, api }) => {
    const { topics } = await getJson<{ topics: Topic[] }>(api, '/api/questions/topics');
    const { questions } = await getJson<{ questions: Question[] }>(api, '/api/questions?limit=1');
    await page.goto('/questions');
    await expect(page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible();
    const topicList = page.getByRole('region', { name: 'Topics' });
    for (const topic of topics) {
      const item = topicList.getByRole('listitem').filter({ hasText: plain(topic.title) });
      await expect(item.getByRole('link')).toHaveAttribute(
        'href',
        `/questions/Topic/${topic.handle}/${topic.id}`,
      );
      await expect(item).toContainText(
        topic.questionCount === 1 ? '1 question' : `${topic.questionCount} questions`,
      );
    }
    const [newest] = questions;
    if (newest) {
      const recent = page.getByRole('region', { name: 'Recent questions' });
      await expect(recent.getByRole('link', { name: plain(newest.title) }).first()).toHaveAttribute(
        'href',
        `/questions/${newest.displayableId}/${newest.handle}`,
      );
    }
  });

  test('a topic lists its questions, and a question shows its answer', async ({ page, api }) => {
    const { topics } = await getJson<{ topics: Topic[] }>(api, '/api/questions/topics');
    const topic = needed(
      topics.find((t) => t.questionCount > 0),
      'questions topic with questions',
    );
    const { questions } = await getJson<{ questions: Question[] }>(
      api,
      `/api/questions?topicId=${topic.id}&limit=100`,
    );
    await page.goto(`/questions/Topic/${topic.handle}/${topic.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(topic.title));
    await expect(page.getByRole('list', { name: 'Questions' }).getByRole('listitem')).toHaveCount(
      questions.length,
    );

    const question = questions.find((q) => q.answered) ?? questions[0];
    if (!question) return;
    const { question: detail } = await getJson<{ question: Question & { answerHtml: string } }>(
      api,
      `/api/questions/${question.displayableId}`,
    );
    await page
      .getByRole('main')
      .getByRole('link', { name: plain(question.title) })
      .first()
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/questions/${question.displayableId}/${question.handle}/?$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(plain(question.title));
    await expect(page.getByRole('main')).toContainText(`Asked by ${question.askedBy}`);
    const answer = page.getByRole('region', { name: 'Answer' });
    if (detail.answerHtml.trim())
      await expect(answer).toContainText(
        plain(detail.answerHtml.replace(/<[^>]+>/g, ' ')).slice(0, 30),
      );
    else await expect(answer).toContainText('This question has not been answered yet.');
    await expect(crumbs(page).getByRole('link', { name: plain(topic.title) })).toBeVisible();
  });
});

test.describe('sitemap and indexes', () => {
  test('the HTML sitemap has the sections pages, categories and brands', async ({ page }) => {
    const response = await page.goto('/sitemap.php');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();
    for (const [name, path] of [
      ['Pages', '/sitemap.php/pages'],
      ['Categories', '/sitemap.php/categories'],
      ['Brands', '/sitemap.php/brands'],
    ] as const)
      await expect(
        page.getByRole('heading', { level: 2, name }).getByRole('link', { name }),
      ).toHaveAttribute('href', path);
  });

  test('the sections list the categories, the brands and the pages', async ({ page, api }) => {
    const { collections } = await getJson<{
      collections: { handle: string; title: string; parentId: number | null }[];
    }>(api, '/api/collections?limit=5&sortBy=id_asc');
    const { vendors } = await getJson<{ vendors: { name: string }[] }>(
      api,
      '/api/products/vendors/index',
    );
    await page.goto('/sitemap.php/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    for (const collection of collections)
      await expect(
        page.locator(`main a[href="${collectionBase}/${collection.handle}"]`),
      ).toHaveCount(1);

    await page.goto('/sitemap.php/brands');
    await expect(page.getByRole('heading', { level: 1, name: 'Brands' })).toBeVisible();
    const [brand] = vendors;
    if (brand)
      await expect(
        page.getByRole('main').getByRole('link', { name: brand.name, exact: true }),
      ).toHaveAttribute('href', `/brands/${encodeURIComponent(brand.name)}`);

    await page.goto('/sitemap.php/pages');
    await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Help', exact: true }),
    ).toHaveAttribute('href', '/help.asp');
  });

  test('the product index lists every product A to Z', async ({ page, api }) => {
    const { products, pageInfo } = await getJson<{
      products: { handle: string; title: string }[];
      pageInfo: { totalObjects: number };
    }>(api, '/api/products/filter?limit=1&availableForSaleOnly=false&sortBy=title_asc');
    await page.goto('/product-index');
    await expect(page.getByRole('heading', { level: 1, name: 'Product Index' })).toBeVisible();
    const total = pageInfo.totalObjects;
    await expect(page.getByRole('main')).toContainText(
      total === 1 ? '1 product, A to Z.' : `${total} products, A to Z.`,
    );
    await expect(page.getByRole('navigation', { name: 'Products by letter' })).toBeVisible();
    const [first] = products;
    if (first && total <= 1000)
      await expect(
        page.locator(`main a[href="${storeConfig.theme.paths.productBase}/${first.handle}"]`),
      ).toHaveCount(1);
  });

  test('the category index and the product list are served at their .asp URLs', async ({
    page,
    api,
  }) => {
    const { pageInfo } = await getJson<{ pageInfo: { totalObjects: number } }>(
      api,
      '/api/collections?limit=1',
    );
    let response = await page.goto('/cindex.asp');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Category Index' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      `${pageInfo.totalObjects} ${pageInfo.totalObjects === 1 ? 'category' : 'categories'}`,
    );

    response = await page.goto('/productslist.asp');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Product List' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Part number' })).toBeAttached();
    await expect(page.getByRole('main').getByRole('row').nth(1)).toBeVisible();
  });

  test('robots.txt names the sitemap index', async ({ api }) => {
    const reply = await api.get('/robots.txt');
    expect(reply.status()).toBe(200);
    const text = await reply.text();
    expect(text).toContain('User-agent: *');
    expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap-index\.xml$/m);
  });
});
