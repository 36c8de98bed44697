import { describe, expect, it } from 'vitest';
import { Visitors } from './visitors.ts';

describe('Visitors', () => {
  it('counts a socket once from its first visit until it leaves', () => {
    const visitors = new Visitors(3);
    visitors.visit('s1', 'a', { path: '/' });
    visitors.visit('s1', 'a', { path: '/cart.php' });
    expect(visitors.count()).toBe(1);
    expect(visitors.visitOf('s1')).toEqual({ path: '/cart.php' });
    expect(visitors.leave('s1')).toEqual({ path: '/cart.php' });
    expect(visitors.leave('s1')).toBeUndefined();
    expect(visitors.count()).toBe(0);
  });

  it('counts at most perClient sockets of one client, and others on their own', () => {
    const visitors = new Visitors(2);
    for (let i = 0; i < 5; i += 1) visitors.visit(`a${String(i)}`, 'a', { path: '/' });
    expect(visitors.count()).toBe(2);
    visitors.visit('b0', 'b', { path: '/' });
    expect(visitors.count()).toBe(3);
    for (const id of ['a0', 'a1', 'a2']) visitors.leave(id);
    expect(visitors.count()).toBe(3);
    visitors.leave('a3');
    expect(visitors.count()).toBe(2);
    visitors.leave('a4');
    visitors.leave('b0');
    expect(visitors.count()).toBe(0);
    visitors.visit('a9', 'a', { path: '/' });
    expect(visitors.count()).toBe(1);
    visitors.clear();
    expect(visitors.count()).toBe(0);
  });
});
