import { describe, expect, it } from 'vitest';
import { categoryNode } from './category-node.ts';

describe('categoryNode', () => {
  it('keeps a department as its JSON file holds it, leaves and all', () => {
    const leaf = {
      handle: 'a-wheels',
      title: 'Wheels',
      kind: 'wheel',
      nouns: ['Wheel'],
      weight: 2,
    };
    expect(categoryNode({ handle: 'a', title: 'A', children: [leaf] })).toEqual({
      handle: 'a',
      title: 'A',
      children: [leaf],
    });
  });

  it('refuses a leaf whose part kind the media routes cannot draw', () => {
    const data = { handle: 'a', title: 'A', children: [{ handle: 'b', title: 'B', kind: 'x' }] };
    expect(() => categoryNode(data)).toThrow('The category b has an unknown part kind x.');
  });
});
