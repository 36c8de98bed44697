import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserReply, resetCurrentUser, signedInState } from './current-user.ts';

const answer = (body: unknown, status = 200) =>
  vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));

afterEach(() => {
  resetCurrentUser();
  vi.restoreAllMocks();
});

describe('currentUserReply', () => {
  it('asks GET /api/user once however many callers', async () => {
    const fetchImpl = answer({ user: null });
    const [a, b] = await Promise.all([
      currentUserReply(fetchImpl as unknown as typeof fetch),
      currentUserReply(fetchImpl as unknown as typeof fetch),
    ]);
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
    expect(await signedInState(answer({ user: null }) as unknown as typeof fetch)).toBe(false);
    resetCurrentUser();
    const user = { user: { id: 1, firstName: 'A', lastName: 'B' } };
    expect(await signedInState(answer(user) as unknown as typeof fetch)).toBe(true);
  });

  it('is undefined, and logged, when the call fails or answers an error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      await signedInState(answer({ error: 'down' }, 503) as unknown as typeof fetch),
    ).toBeUndefined();
    resetCurrentUser();
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await signedInState(offline as unknown as typeof fetch)).toBeUndefined();
    resetCurrentUser();
    const notJson = vi.fn(() => Promise.resolve(new Response('<html>', { status: 200 })));
    expect(await signedInState(notJson as unknown as typeof fetch)).toBeUndefined();
    expect(log).toHaveBeenCalledTimes(3);
  });
});
