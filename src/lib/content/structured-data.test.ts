import { describe, expect, it } from 'vitest';
import { articleJsonLd, questionJsonLd } from './structured-data.ts';

const site = 'https://parts.example/';

describe('articleJsonLd', () => {
  const input = {
    title: 'Shipping details',
    summary: 'Same-day shipping.',
    author: 'Customer Care',
    publishedAt: '2023-12-14T00:00:00.000Z',
    imageUrl: '/api/media/banners/a.svg',
    wordCount: 300,
    path: '/articles/shipping-details',
    storeName: 'Industrial Parts Depot',
    logoUrl: '/logo.svg',
  };

  it('describes the article with absolute URLs', () => {
    const ld = articleJsonLd(input, site);
    expect(ld).toMatchObject({
      '@type': 'Article',
      headline: 'Shipping details',
      description: 'Same-day shipping.',
      image: ['https://parts.example/api/media/banners/a.svg'],
      datePublished: '2023-12-14T00:00:00.000Z',
      author: { '@type': 'Person', name: 'Customer Care' },
      publisher: {
        name: 'Industrial Parts Depot',
        logo: { url: 'https://parts.example/logo.svg' },
      },
      mainEntityOfPage: { '@id': 'https://parts.example/articles/shipping-details' },
    });
  });

  it('names no picture the page could not show under its CSP (issue 28)', () => {
    const ld = articleJsonLd({ ...input, imageUrl: 'https://cdn.elsewhere.example/a.jpg' }, site);
    expect(ld).not.toHaveProperty('image');
  });

  it('leaves out what the article lacks', () => {
    const ld = articleJsonLd({ ...input, summary: '', author: '', imageUrl: null }, site);
    expect(ld).not.toHaveProperty('image');
    expect(ld).not.toHaveProperty('author');
    expect(ld).not.toHaveProperty('description');
  });
});

describe('questionJsonLd', () => {
  const input = {
    title: 'Will this fit a Crown PTH50?',
    body: 'Built in 2015.',
    askedBy: 'Linda K.',
    createdAt: '2023-12-28T06:43:33.161Z',
    answerText: 'Yes, from serial 6A onward.',
    path: '/questions/Q10001/will-this-fit',
  };

  it('is a QAPage with the accepted answer', () => {
    expect(questionJsonLd(input, site)).toMatchObject({
      '@type': 'QAPage',
      mainEntity: {
        '@type': 'Question',
        name: 'Will this fit a Crown PTH50?',
        text: 'Built in 2015.',
        answerCount: 1,
        author: { name: 'Linda K.' },
        acceptedAnswer: { '@type': 'Answer', text: 'Yes, from serial 6A onward.' },
      },
    });
  });

  it('has no answer while unanswered, and uses the title when there is no body', () => {
    const ld = questionJsonLd({ ...input, body: '', answerText: ' ' }, site);
    expect(ld.mainEntity.answerCount).toBe(0);
    expect(ld.mainEntity).not.toHaveProperty('acceptedAnswer');
    expect(ld.mainEntity.text).toBe(input.title);
  });
});
