import { describe, expect, it } from 'vitest';
import { forecastRelease } from './build-release.ts';
import { expectedSeconds, pageKinds } from './forecast.ts';
import type { PublishRecord } from './types.ts';

describe('pageKinds', () => {
  it('counts pages by what they are from their paths', () => {
    expect(
      pageKinds([
        '/products/a',
        '/products/b',
        '/collections/pallet-jack-wheels',
        '/brands/Acme',
        '/',
        '/productslist',
        '/brands',
        '/machines/raymond/8210',
      ]),
    ).toEqual({
      total: 8,
      products: 2,
      collections: 1,
      brands: 1,
      machines: 1,
      other: 3,
      everyPublish: 0,
    });
  });

  it('counts the pages every quick publish renders apart', () => {
    expect(
      pageKinds(['/products/a', '/login', '/account'], new Set(['/login', '/account'])),
    ).toEqual({
      total: 3,
      products: 1,
      collections: 0,
      brands: 0,
      machines: 0,
      other: 0,
      everyPublish: 2,
    });
  });
});

let n = 0;
const done = (
  mode: 'warm' | 'full',
  rendered: number,
  ms: number,
  pages = 5000,
): PublishRecord => ({
  id: `20261129-1200${String(n++).padStart(2, '0')}-abcd`,
  kind: 'publish',
  state: 'done',
  trigger: 'page',
  actor: 'admin',
  queuedAt: '2026-11-29T12:00:00.000Z',
  durationMs: ms,
  progress: { phase: 'finished', pagesDone: rendered, pagesTotal: rendered, secondsLeft: 0 },
  counts: { pages, rendered, searchRecords: 0, compressed: 0, reusedCompressed: 0 },
  mode,
});

describe('expectedSeconds', () => {
  it('fits a quick publish to the pages it renders, not to the last publish alone', () => {
    // 2 s fixed and 10 ms a page.
    const history = [
      done('warm', 60, 2_600),
      done('warm', 1_000, 12_000),
      done('full', 5000, 800_000),
    ];
    expect(expectedSeconds(history, 'warm', 60)).toBe(3);
    expect(expectedSeconds(history, 'warm', 500)).toBe(7);
    expect(expectedSeconds(history, 'warm', 5_000)).toBe(52);
  });

  it('scales up from quick publishes of one size, never down', () => {
    const history = [done('warm', 50, 5_000), done('warm', 50, 7_000)];
    expect(expectedSeconds(history, 'warm', 10)).toBe(6);
    expect(expectedSeconds(history, 'warm', 100)).toBe(12);
  });

  it("scales a full build's time by its pages, from the last full build", () => {
    const history = [
      done('warm', 60, 2_600),
      done('full', 0, 600_000, 6_000),
      done('full', 0, 1_000, 10),
    ];
    expect(expectedSeconds(history, 'full', 6_000)).toBe(600);
    expect(expectedSeconds(history, 'full', 9_000)).toBe(900);
  });

  it('has nothing to go by without a finished publish of that way', () => {
    const failed = { ...done('warm', 60, 2_000), state: 'failed' as const };
    expect(expectedSeconds([failed, done('full', 0, 600_000)], 'warm', 60)).toBeNull();
    expect(expectedSeconds([], 'full', 100)).toBeNull();
  });
});

describe('forecastRelease', () => {
  it('says why a publish builds every page when there is no warm renderer or no live release', async () => {
    expect(await forecastRelease(undefined, undefined)).toEqual({
      full: 'the first publish builds every page.',
    });
    expect(await forecastRelease(undefined, { dir: '/srv/live', info: undefined })).toEqual({
      full: 'quick publishes are off (PUBLISH_WARM_MAX_PAGES=0).',
    });
  });
});
