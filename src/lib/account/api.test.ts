import { describe, expect, it } from 'vitest';
import { accountCall } from './api.ts';

const reply = (body: string, status = 200) =>
  (() => Promise.resolve(new Response(body, { status }))) as unknown as typeof fetch;

describe('accountCall', () => {
  it('sends JSON with the cookie and returns the reply', async () => {
    let seen: RequestInit | undefined;
    const fake = ((_: string, init: RequestInit) => {
      seen = init;
      return Promise.resolve(new Response('{"success":true}'));
    }) as unknown as typeof fetch;
    expect(await accountCall('DELETE', '/api/x', undefined, {}, fake)).toEqual({ success: true });
    expect(seen?.credentials).toBe('same-origin');
    expect((seen?.headers as Record<string, string>)['content-type']).toBe('application/json');
  });
  it('throws the server error text, a status or a malformed reply', async () => {
    await expect(
      accountCall('GET', '/x', undefined, {}, reply('{"error":"Nope"}', 422)),
    ).rejects.toThrow('Nope');
    await expect(accountCall('GET', '/x', undefined, {}, reply('{}', 500))).rejects.toThrow('500');
    await expect(accountCall('GET', '/x', undefined, {}, reply('<html>', 502))).rejects.toThrow(
      'without a readable reply',
    );
    await expect(accountCall('GET', '/x', undefined, {}, reply('3'))).rejects.toThrow(
      'unexpected reply',
    );
    const offline = (() =>
      Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await expect(accountCall('GET', '/x', undefined, {}, offline)).rejects.toThrow(
      'Failed to fetch',
    );
  });
});
