import { describe, expect, it } from 'vitest';
import { EventLog } from './event-log.ts';

const paths = (log: EventLog) => log.events().map((event) => event.path);

describe('EventLog', () => {
  it('keeps the newest `size` events with increasing numbers and the given clock', () => {
    const log = new EventLog({ size: 3, perClient: 10, now: () => Date.UTC(2026, 0, 2) });
    for (const path of ['/1', '/2', '/3', '/4']) log.record('a', 'visit', { path });
    expect(paths(log)).toEqual(['/2', '/3', '/4']);
    expect(log.events().map((event) => event.seq)).toEqual([2, 3, 4]);
    expect(log.events(3).map((event) => event.path)).toEqual(['/4']);
    expect(log.events()[0]?.at).toBe('2026-01-02T00:00:00.000Z');
  });

  it("lets a client at its share push out only its own oldest, never the others'", () => {
    const log = new EventLog({ size: 6, perClient: 2, now: () => 0 });
    log.record('shopper', 'visit', { path: '/real' });
    for (let i = 0; i < 100; i += 1) log.record('flood', 'visit', { path: `/fake/${String(i)}` });
    expect(paths(log)).toEqual(['/real', '/fake/98', '/fake/99']);
    // It takes size / perClient clients to push the shopper's entry out.
    log.record('b', 'visit', { path: '/b1' });
    log.record('b', 'visit', { path: '/b2' });
    expect(paths(log)).toContain('/real');
    log.record('c', 'visit', { path: '/c1' });
    expect(paths(log)).toContain('/real');
    log.record('c', 'visit', { path: '/c2' });
    expect(paths(log)).toEqual(['/fake/98', '/fake/99', '/b1', '/b2', '/c1', '/c2']);
  });

  it('records whether a visit was located, never where', () => {
    const log = new EventLog({ size: 5, perClient: 5, now: () => 0 });
    log.record('a', 'leave', { path: '/x', coordinates: { latitude: 51.5, longitude: -0.12 } });
    expect(log.events()).toEqual([
      { seq: 1, type: 'leave', path: '/x', located: true, at: '1970-01-01T00:00:00.000Z' },
    ]);
  });
});
