import { describe, expect, it } from 'vitest';
import { ApiError, fetchJson, PREFETCH_FAILED } from './fetch-json.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function scripted(replies: (Response | Error)[]) {
  const calls: string[] = [];
  const headers: Record<string, string>[] = [];
  const fake = (url: string | URL | Request, init?: RequestInit) => {
    calls.push(url instanceof Request ? url.url : url.toString());
    headers.push(Object.fromEntries(new Headers(init?.headers).entries()));
    const next = replies.shift();
    if (!next) throw new Error('no more replies');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  return { calls, headers, fetch: fake };
}

const noDelay = { delay: () => 0 };

describe('fetchJson', () => {
  it('sends the merchandiser token as a bearer when given, on every attempt, and none otherwise', async () => {
    const api = scripted([json(503, {}), json(200, {}), json(200, {})]);
    await fetchJson('http://api/x', {
      ...noDelay,
      fetch: api.fetch,
      token: 'tok-0123456789abcdef',
    });
    await fetchJson('http://api/y', { ...noDelay, fetch: api.fetch });
    expect(api.headers.map((h) => h['authorization'])).toEqual([
      'Bearer tok-0123456789abcdef',
      'Bearer tok-0123456789abcdef',
      undefined,
    ]);
    expect(api.headers.every((h) => h['accept'] === 'application/json')).toBe(true);
  });

  it('returns the parsed body', async () => {
    const api = scripted([json(200, { ok: 1 })]);
    await expect(fetchJson('http://api/x', { ...noDelay, fetch: api.fetch })).resolves.toEqual({
      ok: 1,
    });
  });

  it('retries network errors, 429 and 5xx, then succeeds', async () => {
    const api = scripted([
      new TypeError('fetch failed'),
      json(503, {}),
      json(429, {}),
      json(200, [1]),
    ]);
    await expect(fetchJson('http://api/x', { ...noDelay, fetch: api.fetch })).resolves.toEqual([1]);
    expect(api.calls).toHaveLength(4);
  });

  it("gives the spec's message after 3 retries", async () => {
    const api = scripted([
      json(500, {}),
      json(500, {}),
      json(500, {}),
      json(500, {}),
      json(200, {}),
    ]);
    await expect(fetchJson('http://api/x', { ...noDelay, fetch: api.fetch })).rejects.toThrow(
      PREFETCH_FAILED,
    );
    expect(api.calls).toHaveLength(4);
  });

  it('does not retry a 4xx and carries its error text', async () => {
    const api = scripted([json(404, { error: 'Product not found.' })]);
    const failure = fetchJson('http://api/x', { ...noDelay, fetch: api.fetch });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Product not found.');
    expect(api.calls).toHaveLength(1);
  });

  it('refuses a reply that is not JSON', async () => {
    const api = scripted([new Response('<html>', { status: 200 })]);
    await expect(fetchJson('http://api/x', { ...noDelay, fetch: api.fetch })).rejects.toThrow(
      'did not answer JSON',
    );
  });
});
