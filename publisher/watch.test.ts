import { describe, expect, it } from 'vitest';
import type { PublishRecord } from './types.ts';
import { coveredCursor } from './watch.ts';

const record = (over: Partial<PublishRecord>): PublishRecord => ({
  id: '20261124-100000-aaaa',
  kind: 'publish',
  state: 'done',
  trigger: 'api',
  actor: 'admin',
  queuedAt: '2026-11-24T10:00:00Z',
  progress: { phase: 'finished', pagesDone: 0, pagesTotal: 0, secondsLeft: 0 },
  ...over,
});

describe('coveredCursor', () => {
  it('is the live release’s cursor when nothing is queued or running', () => {
    expect(coveredCursor([record({ cursor: 7 })], 9)).toBe(9);
    expect(coveredCursor([], null)).toBeNull();
  });

  it('is everything while a publish is queued: it reads the feed when it starts', () => {
    const queued = record({ state: 'queued' });
    const running = record({ state: 'running', cursor: 5 });
    expect(coveredCursor([queued, running], 3)).toBe(Number.POSITIVE_INFINITY);
  });

  it('is a running publish’s cursor, or everything before it has read one', () => {
    expect(coveredCursor([record({ state: 'running', cursor: 12 })], 3)).toBe(12);
    expect(coveredCursor([record({ state: 'running' })], 3)).toBe(Number.POSITIVE_INFINITY);
  });

  it('counts a running rollback as nothing new: the live release’s cursor stands', () => {
    expect(coveredCursor([record({ kind: 'rollback', state: 'running' })], 3)).toBe(3);
  });
});
