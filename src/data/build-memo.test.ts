import { describe, expect, it, vi } from 'vitest';
import { buildMemo, buildMemoMap, forgetBuildMemos, renderedOnce } from './build-memo.ts';

describe('build memos', () => {
  it('makes a value once until the warm renderer forgets them all', () => {
    let made = 0;
    const memo = buildMemo(() => ({ made: ++made }));
    const byKey = buildMemoMap((key: string) => `${key}:${String(++made)}`);
    expect(memo()).toEqual({ made: 1 });
    expect(memo()).toBe(memo());
    expect(byKey('a')).toBe('a:2');
    expect(byKey('a')).toBe('a:2');
    forgetBuildMemos();
    expect(memo()).toEqual({ made: 3 });
    expect(byKey('a')).toBe('a:4');
  });
});

describe('renderedOnce', () => {
  it('renders a name once, also for pages that ask while the first render runs', async () => {
    let finish = (_html: string) => {};
    const render = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = renderedOnce('menus-concurrent', render);
    const second = renderedOnce('menus-concurrent', render);
    finish('<nav>menu</nav>');
    expect(await Promise.all([first, second])).toEqual(['<nav>menu</nav>', '<nav>menu</nav>']);
    expect(await renderedOnce('menus-concurrent', render)).toBe('<nav>menu</nav>');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('keeps names apart', async () => {
    expect(await renderedOnce('one', () => Promise.resolve('1'))).toBe('1');
    expect(await renderedOnce('two', () => Promise.resolve('2'))).toBe('2');
  });

  it('renders again once the warm renderer changed the store', async () => {
    expect(await renderedOnce('menus-forgotten', () => Promise.resolve('old tree'))).toBe(
      'old tree',
    );
    forgetBuildMemos();
    expect(await renderedOnce('menus-forgotten', () => Promise.resolve('new tree'))).toBe(
      'new tree',
    );
  });

  it('tries a failed render again on the next page instead of failing every page after it', async () => {
    await expect(
      renderedOnce('menus-failing', () => Promise.reject(new Error('nav tree unreadable'))),
    ).rejects.toThrow('nav tree unreadable');
    expect(await renderedOnce('menus-failing', () => Promise.resolve('<nav></nav>'))).toBe(
      '<nav></nav>',
    );
  });
});
