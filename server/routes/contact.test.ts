import { describe, expect, it } from 'vitest';
import { CONTACT_EXAMPLE } from '../../shared/contracts/contact-message.testing.ts';
import { connectedFrom } from '../testing/accounts.ts';
import {
  expectErrorReply,
  expectStoredRow,
  jsonInit,
  TEST_ADMIN_TOKEN,
  testApp,
} from '../testing/app.ts';
import { CONTACT_LIMIT, DUPLICATE_WINDOW_MS, TOO_MANY_MESSAGES } from './contact.ts';

const URL = 'http://localhost/api/contactMessages';
const valid = CONTACT_EXAMPLE;

/** A store whose clock the test moves; posts come from the store's own origin. */
function store() {
  let now = Date.parse('2026-11-28T09:00:00Z');
  const { app, db } = testApp({ now: () => now });
  const post = (body: unknown, from = '203.0.113.4', headers: Record<string, string> = {}) =>
    app.request(
      URL,
      jsonInit('POST', body, { origin: 'http://localhost', ...headers }),
      connectedFrom(from),
    );
  const list = async (query = '', token = TEST_ADMIN_TOKEN) => {
    const reply = await app.request(`http://localhost/api/admin/contactMessages${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return reply;
  };
  return { app, db, post, list, wait: (ms: number) => (now += ms) };
}

describe('POST /api/contactMessages', () => {
  it('stores a message and answers 201 with its id', async () => {
    const { db, post } = store();
    const reply = await post({ ...valid, name: '  Ann Lee  ' });
    const { id, row } = await expectStoredRow(reply, db, 'contact_messages');
    expect(row).toEqual({
      id,
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '555-0100',
      message: 'Does the 1183859 steer wheel fit a Big Joe PDM?',
      created_at: '2026-11-28T09:00:00.000Z',
    });
  });

  it('allows leaving out the phone', async () => {
    const { phone: _phone, ...required } = valid;
    expect((await store().post(required)).status).toBe(201);
  });

  it.each([
    [{ ...valid, name: ' ' }, 'name: is required'],
    [{ ...valid, email: 'ann@' }, 'email: must be an email address'],
    [{ ...valid, message: '' }, 'message: is required'],
    [{ ...valid, message: 'x'.repeat(2001) }, 'message: must be at most 2000 characters'],
    [{ ...valid, phone: 'x'.repeat(41) }, 'phone: must be at most 40 characters'],
  ])('refuses %j with 400 and stores nothing', async (body, error) => {
    const { db, post } = store();
    await expectErrorReply(await post(body), 400, error);
    expect(db.prepare('SELECT COUNT(*) AS n FROM contact_messages').get()).toEqual({ n: 0 });
  });

  it('takes messages from the store itself only', async () => {
    const { post } = store();
    await expectErrorReply(
      await post(valid, '203.0.113.4', { origin: 'https://evil.example' }),
      403,
      'This request must come from the store itself.',
    );
  });

  it('stores a message sent twice (a double click, a retry) once, and answers with its id', async () => {
    const { db, post, wait } = store();
    const first = (await (await post(valid)).json()) as { id: number };
    const again = await post(valid);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, id: first.id });
    expect(db.prepare('SELECT COUNT(*) AS n FROM contact_messages').get()).toEqual({ n: 1 });
    // Later, the same words are a new message.
    wait(DUPLICATE_WINDOW_MS + 1);
    expect((await post(valid)).status).toBe(201);
  });

  it('refuses a requester past the hourly limit with 429 and Retry-After, others not', async () => {
    const { post, wait } = store();
    for (let index = 0; index < CONTACT_LIMIT.max; index += 1) {
      expect((await post({ ...valid, message: `Question ${String(index)}` })).status).toBe(201);
    }
    const refused = await post({ ...valid, message: 'One more' });
    await expectErrorReply(refused, 429, TOO_MANY_MESSAGES);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another network is not held back.
    expect((await post({ ...valid, message: 'One more' }, '198.51.100.7')).status).toBe(201);
    // An hour later the first may write again.
    wait(CONTACT_LIMIT.windowMs);
    expect((await post({ ...valid, message: 'One more' })).status).toBe(201);
  });

  it('counts only stored messages: forms sent back do not use up the limit', async () => {
    const { post } = store();
    for (let index = 0; index < CONTACT_LIMIT.max + 5; index += 1) {
      expect((await post({ ...valid, email: 'not an email' })).status).toBe(400);
    }
    expect((await post(valid)).status).toBe(201);
  });
});

describe('GET /api/admin/contactMessages', () => {
  it('lists what came in for the merchandiser, newest first, page by page', async () => {
    const { post, list, wait } = store();
    const ids: number[] = [];
    for (const message of ['First', 'Second', 'Third']) {
      ids.push(((await (await post({ ...valid, message })).json()) as { id: number }).id);
      wait(1000);
    }
    const reply = await list();
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const { messages } = (await reply.json()) as { messages: { id: number; message: string }[] };
    expect(messages.map((row) => row.message)).toEqual(['Third', 'Second', 'First']);
    expect(messages[0]).toEqual({
      id: ids[2],
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: '555-0100',
      message: 'Third',
      createdAt: '2026-11-28T09:00:02.000Z',
    });
    const older = (await (await list(`?limit=1&before=${String(ids[2])}`)).json()) as {
      messages: { message: string }[];
    };
    expect(older.messages.map((row) => row.message)).toEqual(['Second']);
  });

  it('is for the merchandiser only: shoppers left their contact details', async () => {
    const { post, list } = store();
    await post(valid);
    expect((await list('', 'not-the-token-at-all')).status).toBe(401);
  });
});

describe('POST /api/contactMessages/form (the form without JavaScript)', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const send = (
    app: ReturnType<typeof store>['app'],
    body: string,
    headers: Record<string, string> = {},
  ) =>
    app.request(
      `${URL}/form`,
      {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://localhost',
          ...headers,
        },
      },
      connectedFrom('203.0.113.9'),
    );

  it('stores the message and sends the shopper back to the page with its outcome', async () => {
    const { app, list } = store();
    const reply = await send(app, form({ ...valid, back: '/contact-us' }));
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toBe('/contact-us#contact-sent');
    const { messages } = (await (await list()).json()) as { messages: { email: string }[] };
    expect(messages.map((message) => message.email)).toEqual([valid.email]);
  });

  it('sends a form it cannot take back with the reason, and stores nothing', async () => {
    const { app, list } = store();
    const reply = await send(app, form({ ...valid, email: 'not-an-email', back: '/contact-us' }));
    expect(reply.headers.get('location')).toBe('/contact-us#contact-invalid');
    const { messages } = (await (await list()).json()) as { messages: unknown[] };
    expect(messages).toEqual([]);
  });

  it('goes back only to a page of this site', async () => {
    const { app } = store();
    for (const back of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '']) {
      const reply = await send(app, form({ ...valid, message: back || 'x', back }));
      expect(reply.headers.get('location')).toBe('/#contact-sent');
    }
  });

  it('takes forms from the store itself only, and only as forms', async () => {
    const { app } = store();
    const foreign = await send(app, form(valid), { origin: 'https://evil.example' });
    await expectErrorReply(foreign, 403, 'This request must come from the store itself.');
    const json = await send(app, JSON.stringify(valid), { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
  });

  it('keeps the hourly limit of the JSON form', async () => {
    const { app } = store();
    for (let sent = 0; sent < CONTACT_LIMIT.max; sent += 1) {
      await send(app, form({ ...valid, message: `question ${String(sent)}`, back: '/contact-us' }));
    }
    const reply = await send(app, form({ ...valid, message: 'one more', back: '/contact-us' }));
    expect(reply.headers.get('location')).toBe('/contact-us#contact-limited');
  });
});
