import { describe, expect, it } from 'vitest';
import {
  categoryTreeHtml,
  cutToDepth,
  pathToNode,
  SIDEBAR_NAV_DEPTH,
  type TreeNode,
} from './collection-tree.ts';

const node = (id: number, title: string, children: TreeNode[] = []): TreeNode => ({
  id,
  title,
  url: `/collections/${title.toLowerCase().replace(/\W+/g, '-')}`,
  children,
});

const tree: TreeNode[] = [
  node(1, 'Pallet Jack Parts', [
    node(2, 'Wheels', [node(3, 'Load Wheels'), node(4, 'Steer Wheels')]),
    node(5, 'Seals'),
  ]),
  node(6, 'Forklift Parts', [node(7, 'Forks')]),
];

/** A parsed view of the HTML, enough to check structure without a DOM. */
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('cutToDepth', () => {
  it('defaults to the spec depth of 6', () => {
    expect(SIDEBAR_NAV_DEPTH).toBe(6);
    expect(cutToDepth(tree)).toEqual(tree);
  });

  it('keeps only the levels asked for', () => {
    const top = cutToDepth(tree, 1);
    expect(top.map((entry) => entry.children)).toEqual([[], []]);
    const two = cutToDepth(tree, 2);
    expect(two[0]?.children.map((entry) => entry.title)).toEqual(['Wheels', 'Seals']);
    expect(two[0]?.children[0]?.children).toEqual([]);
    expect(cutToDepth(tree, 0)).toEqual([]);
  });

  it('drops fields the tree does not show', () => {
    const [first] = cutToDepth([{ ...node(9, 'X'), imageUrl: '/x.svg' } as TreeNode], 1);
    expect(first).toEqual({ id: 9, title: 'X', url: '/collections/x', children: [] });
  });
});

describe('pathToNode', () => {
  it('finds the node of a path and its ancestors', () => {
    expect([...pathToNode(tree, '/collections/load-wheels')]).toEqual([1, 2, 3]);
    expect([...pathToNode(tree, '/collections/forks/')]).toEqual([6, 7]);
  });

  it('finds nothing for other paths', () => {
    expect(pathToNode(tree, '/collections/nope').size).toBe(0);
    expect(pathToNode(tree, undefined).size).toBe(0);
  });
});

describe('categoryTreeHtml', () => {
  it('renders every node as a link with its depth', () => {
    const html = categoryTreeHtml(tree);
    expect(count(html, /<a class="tree-link"/g)).toBe(7);
    expect(html).toContain('<a class="tree-link" href="/collections/load-wheels">Load Wheels</a>');
    expect(html).toContain('style="--depth:0"');
    expect(html).toContain('style="--depth:2"');
    expect(html).not.toContain('--depth:3');
  });

  it('gives nodes with children a collapsed toggle that controls their sublist', () => {
    const html = categoryTreeHtml(tree);
    expect(count(html, /<button/g)).toBe(3);
    expect(html).toContain(
      '<button type="button" class="tree-toggle" aria-expanded="false" aria-controls="cat-tree-1" aria-label="Subcategories of Pallet Jack Parts">',
    );
    expect(html).toContain('<ul class="tree-list" id="cat-tree-1" hidden>');
    expect(count(html, / hidden>/g)).toBe(3);
  });

  it('opens the way to the current page and marks it', () => {
    const html = categoryTreeHtml(tree, { currentPath: '/collections/load-wheels' });
    expect(html).toContain('aria-expanded="true" aria-controls="cat-tree-1"');
    expect(html).toContain('aria-expanded="true" aria-controls="cat-tree-2"');
    expect(html).toContain('aria-expanded="false" aria-controls="cat-tree-6"');
    expect(html).toContain('<ul class="tree-list" id="cat-tree-2">');
    expect(html).toContain('href="/collections/load-wheels" aria-current="page"');
    expect(count(html, /aria-current/g)).toBe(1);
  });

  it('keeps ids unique with a prefix', () => {
    expect(categoryTreeHtml(tree, { idPrefix: 'live' })).toContain('id="live-tree-1"');
  });

  it('escapes titles and links', () => {
    const html = categoryTreeHtml([
      { id: 1, title: '<img src=x onerror=alert(1)> & "Co"', url: '/c/"x"', children: [] },
    ]);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('href="/c/&quot;x&quot;"');
  });

  it('renders an empty list for no nodes', () => {
    expect(categoryTreeHtml([])).toBe('<ul class="tree-list"></ul>');
  });
});
