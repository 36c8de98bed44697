import { describe, expect, it } from 'vitest';
import {
  newestQuestionsFirst,
  questionCountLabel,
  questionPath,
  questionsByTopic,
  recentQuestions,
  topicPath,
  type QuestionLink,
} from './questions.ts';

const q = (id: number, topicId: number | null, createdAt: string): QuestionLink => ({
  id,
  displayableId: `Q${10_000 + id}`,
  handle: `question-${id}`,
  topicId,
  createdAt,
});

const list = [
  q(1, 1, '2023-12-01T00:00:00Z'),
  q(2, 2, '2023-12-05T00:00:00Z'),
  q(3, 1, '2023-12-03T00:00:00Z'),
  q(4, null, '2023-12-04T00:00:00Z'),
  q(5, 1, '2023-12-05T00:00:00Z'),
];

describe('question paths', () => {
  it('follow the route table', () => {
    expect(topicPath({ id: 4, handle: 'installation' })).toBe('/questions/Topic/installation/4');
    expect(questionPath({ displayableId: 'Q10001', handle: 'will-it-fit' })).toBe(
      '/questions/Q10001/will-it-fit',
    );
  });
});

describe('question lists', () => {
  it('sorts newest first with ties by id', () => {
    expect(newestQuestionsFirst(list).map((x) => x.id)).toEqual([5, 2, 4, 3, 1]);
  });

  it('takes the most recent few', () => {
    expect(recentQuestions(list, 2).map((x) => x.id)).toEqual([5, 2]);
    expect(recentQuestions(list, -1)).toEqual([]);
  });

  it('groups by topic, leaving out questions without one', () => {
    const byTopic = questionsByTopic(list);
    expect(byTopic.get(1)?.map((x) => x.id)).toEqual([5, 3, 1]);
    expect(byTopic.get(2)?.map((x) => x.id)).toEqual([2]);
    expect([...byTopic.keys()].sort()).toEqual([1, 2]);
  });

  it('counts in words', () => {
    expect(questionCountLabel(0)).toBe('0 questions');
    expect(questionCountLabel(1)).toBe('1 question');
    expect(questionCountLabel(10)).toBe('10 questions');
  });
});
