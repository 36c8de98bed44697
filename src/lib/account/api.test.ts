import { describe, expect, it } from 'vitest';
import { connectedFrom, ORIGIN } from '../../../server/testing/accounts.ts';
import { testApp } from '../../../server/testing/app.ts';
import { testClient } from '../api/client.testing.ts';
import { accountCall, messageOf } from './api.ts';

const over = (fetch: (input: string, init: RequestInit) => Promise<Response>) =>
  testClient(fetch).requestJson;
const reply = (body: string, status = 200) =>
  over(() => Promise.resolve(new Response(body, { status })));

describe('accountCall', () => {
  it('sends JSON with the cookie through the API client and returns the reply', async () => {
    let seen: RequestInit | undefined;
    const fake = over((_, init) => {
      seen = init;
      return Promise.resolve(new Response('{"success":true}'));
    });
    expect(await accountCall('DELETE', '/api/x', undefined, {}, fake)).toEqual({ success: true });
    expect(seen?.credentials).toBe('same-origin');
    const headers = new Headers(seen?.headers);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('idempotency-key')).toBeNull();
  });
  it('adds an Idempotency-Key when asked', async () => {
    let seen: RequestInit | undefined;
    const fake = over((_, init) => {
      seen = init;
      return Promise.resolve(new Response('{}'));
    });
    await accountCall('POST', '/api/x', { a: 1 }, { idempotent: true }, fake);
    expect(new Headers(seen?.headers).get('idempotency-key')).toBe('key-1');
    expect(seen?.body).toBe('{"a":1}');
  });
  it('throws the server error text, a status or a malformed reply', async () => {
    await expect(
      accountCall('GET', '/x', undefined, {}, reply('{"error":"Nope"}', 422)),
    ).rejects.toThrow('Nope');
    await expect(accountCall('GET', '/x', undefined, {}, reply('{}', 500))).rejects.toThrow(
      'The server answered 500.',
    );
    await expect(accountCall('GET', '/x', undefined, {}, reply('<html>', 502))).rejects.toThrow(
      'The server answered 502 without a readable reply.',
    );
    await expect(accountCall('GET', '/x', undefined, {}, reply('3'))).rejects.toThrow(
      'unexpected reply',
    );
    const offline = over(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(accountCall('GET', '/x', undefined, {}, offline)).rejects.toThrow(
      'Failed to fetch',
    );
  });
  it("shows the API's words when it sent no email, and does not ask again", async () => {
    const { app } = testApp();
    let calls = 0;
    const api = over((input, init) => {
      calls += 1;
      const headers = new Headers(init.headers);
      headers.set('origin', ORIGIN);
      return Promise.resolve(
        app.request(`${ORIGIN}${input}`, { ...init, headers }, connectedFrom('10.0.0.9')),
      );
    });
    const recover = () =>
      accountCall(
        'POST',
        '/api/auth/recoverAccount',
        { email: 'ada@example.com' },
        { idempotent: true },
        api,
      );
    for (let i = 0; i < 3; i += 1) await recover();
    const refused = await recover().catch((error: unknown) => messageOf(error));
    expect(refused).toMatch(/^No email was sent: .* Please try again in 60 minutes\.$/);
    expect(calls).toBe(4);
  });
});
