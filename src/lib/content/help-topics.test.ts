import { describe, expect, it } from 'vitest';
import { groupByTopic, helpAnswerPath, slug } from './help-topics.ts';

const answer = (handle: string, topic: string) => ({ handle, title: handle, topic });

describe('groupByTopic', () => {
  it('groups answers by topic in the order the topics first appear', () => {
    const groups = groupByTopic([
      answer('track', 'Orders'),
      answer('change', 'Orders'),
      answer('find-part', 'Parts'),
      answer('cost', 'Shipping'),
      answer('late', 'Orders'),
    ]);
    expect(groups.map((g) => g.topic)).toEqual(['Orders', 'Parts', 'Shipping']);
    expect(groups[0]?.answers.map((a) => a.handle)).toEqual(['track', 'change', 'late']);
    expect(groups.map((g) => g.id)).toEqual(['topic-orders', 'topic-parts', 'topic-shipping']);
  });

  it('puts answers without a topic last, under Other questions', () => {
    const groups = groupByTopic([answer('a', ' '), answer('b', 'Orders')]);
    expect(groups.map((g) => g.topic)).toEqual(['Orders', 'Other questions']);
  });

  it('keeps anchor ids unique when topics slug alike', () => {
    const groups = groupByTopic([answer('a', 'Returns!'), answer('b', 'Returns?')]);
    expect(groups.map((g) => g.id)).toEqual(['topic-returns', 'topic-returns-2']);
  });

  it('gives nothing for no answers', () => {
    expect(groupByTopic([])).toEqual([]);
  });
});

describe('help paths', () => {
  it('links an answer at /help_answer/{handle}', () => {
    expect(helpAnswerPath('how-much-is-shipping')).toBe('/help_answer/how-much-is-shipping');
  });

  it('slugs text for anchors', () => {
    expect(slug('Shipping & Returns')).toBe('shipping-returns');
    expect(slug('***')).toBe('topic');
  });
});
