import { describe, expect, it } from 'vitest';
import {
  groupByLetter,
  indexEntriesHtml,
  indexLetter,
  letterIndex,
  parentTrail,
  sortIndexEntries,
  type IndexEntry,
} from './catalogue-index.ts';

const entry = (label: string): IndexEntry => ({
  label,
  path: `/p/${label}`,
  letter: indexLetter(label),
});

describe('indexLetter', () => {
  it('files a title under its first letter, or # for digits and symbols', () => {
    const titles = ['crown wheel', '  Élan seal', '3/4" bearing', ''];
    expect(titles.map(indexLetter)).toEqual(['C', 'E', '#', '#']);
  });
});

describe('letter index', () => {
  const entries = ['Yale pump', 'axle', '2-ton wheel', 'Bearing 10', 'Bearing 9', 'Axle pin'].map(
    entry,
  );

  it('sorts # first, then by letter, then by label with numbers in order', () => {
    expect(sortIndexEntries(entries).map((e) => e.label)).toEqual([
      '2-ton wheel',
      'axle',
      'Axle pin',
      'Bearing 9',
      'Bearing 10',
      'Yale pump',
    ]);
  });

  it('orders labels the collator holds equal by their code units, then by path', () => {
    const tied = [
      { label: 'axle', path: '/p/2', letter: 'A' },
      { label: 'Axle', path: '/p/9', letter: 'A' },
      { label: 'axle', path: '/p/1', letter: 'A' },
    ];
    const order = (list: typeof tied) => sortIndexEntries(list).map((e) => `${e.label}${e.path}`);
    expect(order(tied)).toEqual(['Axle/p/9', 'axle/p/1', 'axle/p/2']);
    // Whatever order they came in.
    expect(order([...tied].reverse())).toEqual(order(tied));
  });

  it('cuts pages and says where each letter starts', () => {
    const { pages, starts } = letterIndex(entries, 2);
    expect(pages).toHaveLength(3);
    expect(starts).toEqual([
      { letter: '#', page: 1 },
      { letter: 'A', page: 1 },
      { letter: 'B', page: 2 },
      { letter: 'Y', page: 3 },
    ]);
  });

  it('groups a page by letter for its headings', () => {
    const groups = groupByLetter(sortIndexEntries(entries));
    expect(groups.map((g) => `${g.letter}${g.items.length}`)).toEqual(['#1', 'A2', 'B2', 'Y1']);
  });
});

describe('parentTrail', () => {
  it('joins the parents from the top, without the category itself', () => {
    const trail = [
      { title: 'Pallet Jack Parts', handle: 'pj' },
      { title: 'Wheels', handle: 'pj-wheels' },
      { title: 'Load Wheels', handle: 'pj-load-wheels' },
    ];
    expect(parentTrail(trail, 'pj-load-wheels')).toBe('Pallet Jack Parts › Wheels');
    expect(parentTrail(trail.slice(0, 2), 'pj-load-wheels')).toBe('Pallet Jack Parts › Wheels');
    expect(parentTrail(trail.slice(0, 1), 'pj')).toBe('');
    expect(parentTrail([], 'x')).toBe('');
  });
});

describe('indexEntriesHtml', () => {
  it('writes each entry as a link with its note, the text escaped', () => {
    expect(
      indexEntriesHtml([
        { label: 'Crown <b>Wheel</b>', path: '/products/a?b=1&c="2"', letter: 'C', note: 'P&N-1' },
        { label: 'Yale Seal', path: '/products/yale-seal', letter: 'Y' },
      ]),
    ).toBe(
      '<li><a href="/products/a?b=1&amp;c=&quot;2&quot;">Crown &lt;b&gt;Wheel&lt;/b&gt;</a>' +
        '<span class="note"> P&amp;N-1</span></li>' +
        '<li><a href="/products/yale-seal">Yale Seal</a></li>',
    );
  });
});
