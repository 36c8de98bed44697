import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../realtime.ts';
import { testApp, TEST_ADMIN_TOKEN } from '../testing/app.ts';

const URL_BASE = 'http://localhost/api/admin/realtime';
const auth = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

const events: RealtimeEvent[] = [
  { seq: 1, type: 'visit', path: '/', located: false, at: '2026-01-01T00:00:00.000Z' },
  { seq: 2, type: 'leave', path: '/', located: false, at: '2026-01-01T00:00:01.000Z' },
];

function appWithLog() {
  const asked: (number | undefined)[] = [];
  const { app } = testApp({
    visitors: () => 3,
    realtimeEvents: (since) => {
      asked.push(since);
      return events.filter((event) => event.seq > (since ?? 0));
    },
  });
  return { app, asked };
}

describe('GET /api/admin/realtime', () => {
  it('refuses a request without the merchandiser token', async () => {
    const { app } = appWithLog();
    const reply = await app.request(URL_BASE);
    expect(reply.status).toBe(401);
    const wrong = await app.request(URL_BASE, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
  });

  it('answers the visitor count and the event log', async () => {
    const { app, asked } = appWithLog();
    const reply = await app.request(URL_BASE, { headers: auth });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ visitors: 3, events });
    expect(asked).toEqual([0]);
  });

  it('passes since on to the log', async () => {
    const { app, asked } = appWithLog();
    const reply = await app.request(`${URL_BASE}?since=1`, { headers: auth });
    expect(await reply.json()).toEqual({ visitors: 3, events: [events[1]] });
    expect(asked).toEqual([1]);
  });

  it.each(['-1', '1.5', 'abc', '1e400'])('refuses since=%s with a 400', async (since) => {
    const { app } = appWithLog();
    const reply = await app.request(`${URL_BASE}?since=${since}`, { headers: auth });
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { error: string }).error).toMatch(/since/);
  });

  it('answers an empty log when no realtime server is attached', async () => {
    const { app } = testApp();
    const reply = await app.request(URL_BASE, { headers: auth });
    expect(await reply.json()).toEqual({ visitors: 0, events: [] });
  });
});
