import { afterEach, describe, expect, it, vi } from 'vitest';
import { testClient } from '../api/test-client.ts';
import { currentUserReply, resetCurrentUser, signedInState } from './current-user.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;
const answer = (body: unknown, status = 200) =>
  vi.fn<Fetch>(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
/** The API client's read over a fake fetch. */
const over = (fetch: Fetch) => testClient(fetch).getJson;

afterEach(() => {
  resetCurrentUser();
  vi.restoreAllMocks();
});

describe('currentUserReply', () => {
  it('asks GET /api/user once however many callers', async () => {
    const fetchImpl = answer({ user: null });
    const get = over(fetchImpl);
    const [a, b] = await Promise.all([currentUserReply(get), currentUserReply(get)]);
    expect(a).toEqual({ user: null });
    expect(b).toBe(a);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/user',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });
});

describe('signedInState', () => {
  it('is false for a guest and true for a user', async () => {
    expect(await signedInState(over(answer({ user: null })))).toBe(false);
    resetCurrentUser();
    const user = { user: { id: 1, firstName: 'A', lastName: 'B' } };
    expect(await signedInState(over(answer(user)))).toBe(true);
  });

  it('is undefined, and logged, when the call fails or answers an error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await signedInState(over(answer({ error: 'down' }, 503)))).toBeUndefined();
    resetCurrentUser();
    const offline = vi.fn<Fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await signedInState(over(offline))).toBeUndefined();
    resetCurrentUser();
    const notJson = vi.fn<Fetch>(() => Promise.resolve(new Response('<html>', { status: 200 })));
    expect(await signedInState(over(notJson))).toBeUndefined();
    expect(log).toHaveBeenCalledTimes(3);
  });
});
