import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiUnreachableError, fetchCollectionHandle } from './filter-api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers every fetch with `reply` (or throws it when it is an Error). */
function answer(reply: Response | Error) {
  const fetch = vi.fn(() =>
    reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the results list reads through the one API client', () => {
  it('reads a reply', async () => {
    const fetch = answer(json({ collection: { handle: 'wheels' } }));
    await expect(fetchCollectionHandle('12')).resolves.toBe('wheels');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('takes a network failure, 502, 503 and 504 for an unreachable API, once each', async () => {
    for (const reply of [
      new TypeError('fetch failed'),
      json({}, 502),
      new Response('Bad gateway', { status: 503 }),
      json({}, 504),
    ]) {
      const fetch = answer(reply);
      await expect(fetchCollectionHandle('12')).rejects.toBeInstanceOf(ApiUnreachableError);
      // Reads are not retried: the list falls back to Pagefind at once.
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it("shows the API's own refusal, and the status when it gave none", async () => {
    answer(json({ error: 'Collection not found.' }, 404));
    await expect(fetchCollectionHandle('nope')).rejects.toThrow('Collection not found.');
    answer(new Response('', { status: 500 }));
    await expect(fetchCollectionHandle('x')).rejects.toThrow('The store answered 500.');
  });

  it('reads a reply that is not JSON as nothing, which the caller calls malformed', async () => {
    answer(new Response('<html>', { status: 200 }));
    await expect(fetchCollectionHandle('12')).rejects.toThrow('That category was not found.');
  });
});
