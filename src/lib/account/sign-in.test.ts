import { describe, expect, it } from 'vitest';
import { testClient } from '../api/client.testing.ts';
import { signIn, SignInError } from './sign-in.ts';

const LOGIN_FAILED = 'The email or password is incorrect.';
const BOT_CHECK_NEEDED = 'Please confirm you are not a robot, then sign in again.';

/** A fake API answering the given replies in turn, keeping the bodies it was sent. */
function api(...replies: [number, Record<string, unknown>][]) {
  const sent: Record<string, unknown>[] = [];
  const { requestJson: request } = testClient((_, init) => {
    sent.push(JSON.parse(init.body as string) as Record<string, unknown>);
    const [status, body] = replies[sent.length - 1] ?? [500, {}];
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  let tokens = 0;
  const getToken = () => Promise.resolve(`token-${String((tokens += 1))}`);
  return { sent, request, getToken, tokens: () => tokens };
}

const credentials = { email: 'ada@example.com', password: 'correct horse 1' };

describe('signIn', () => {
  it('signs in without a bot check when none is asked', async () => {
    const fake = api([200, { user: { id: 1 } }]);
    await signIn(credentials, fake);
    expect(fake.sent).toEqual([credentials]);
    expect(fake.tokens()).toBe(0);
  });

  it('takes the bot check when the API asks, and sends the sign-in again once', async () => {
    const fake = api([401, { error: BOT_CHECK_NEEDED, botCheckRequired: true }], [200, {}]);
    await signIn(credentials, fake);
    expect(fake.sent).toEqual([credentials, { ...credentials, botCheckToken: 'token-1' }]);
  });

  it('sends a token from the start when the last reply asked, and says so again', async () => {
    const fake = api([401, { error: LOGIN_FAILED, botCheckRequired: true }]);
    const failure = await signIn(credentials, { ...fake, needsBotCheck: true }).catch(
      (error: unknown) => error,
    );
    expect(fake.sent).toEqual([{ ...credentials, botCheckToken: 'token-1' }]);
    expect(failure).toBeInstanceOf(SignInError);
    expect(failure).toMatchObject({ message: LOGIN_FAILED, botCheckRequired: true });
  });

  it("throws the server's words for a plain failure, a limit or a broken reply", async () => {
    await expect(signIn(credentials, api([401, { error: LOGIN_FAILED }]))).rejects.toMatchObject({
      message: LOGIN_FAILED,
      botCheckRequired: false,
    });
    const wait = 'Too many attempts. Please wait a few minutes and try again.';
    await expect(signIn(credentials, api([429, { error: wait }]))).rejects.toThrow(wait);
    // Asked twice: no loop, the second answer is the failure.
    const twice = api(
      [401, { error: BOT_CHECK_NEEDED, botCheckRequired: true }],
      [401, { error: BOT_CHECK_NEEDED, botCheckRequired: true }],
    );
    await expect(signIn(credentials, twice)).rejects.toMatchObject({ botCheckRequired: true });
    expect(twice.sent).toHaveLength(2);
  });
});
