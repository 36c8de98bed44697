import { describe, expect, it } from 'vitest';
import { questionPath, questionsByProduct } from './questions.ts';

const question = (id: number, productId: number | null, createdAt: string) => ({
  id,
  productId,
  createdAt,
});

describe('questionsByProduct', () => {
  it('groups by product, newest first, and leaves out general questions', () => {
    const map = questionsByProduct([
      question(1, 7, '2023-01-01T00:00:00Z'),
      question(2, null, '2023-05-01T00:00:00Z'),
      question(3, 7, '2023-06-01T00:00:00Z'),
      question(4, 9, '2023-02-01T00:00:00Z'),
      question(5, 7, '2023-06-01T00:00:00Z'),
    ]);
    expect(map.get(7)?.map((q) => q.id)).toEqual([5, 3, 1]);
    expect(map.get(9)?.map((q) => q.id)).toEqual([4]);
    expect(map.has(2)).toBe(false);
    expect([...map.keys()].sort()).toEqual([7, 9]);
  });
});

describe('questionPath', () => {
  it('links to the question page', () => {
    expect(questionPath({ displayableId: 'Q10001', handle: 'will-this-fit' })).toBe(
      '/questions/Q10001/will-this-fit',
    );
  });
});
