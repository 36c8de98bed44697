import { browserError, requestJson, type JsonReply, type RequestJson } from '../api/client.ts';
import { accountReply, messageOf } from './api.ts';
import { botCheckToken } from './bot-token.ts';

/** A refused sign-in; `botCheckRequired` says the next try must carry a bot-check token. */
export class SignInError extends Error {
  readonly botCheckRequired: boolean;
  constructor(message: string, botCheckRequired: boolean) {
    super(message);
    this.name = 'SignInError';
    this.botCheckRequired = botCheckRequired;
  }
}

/** What {@link signIn} needs from the outside; tests pass fakes. */
export interface SignInDeps {
  /** Whether the last reply asked for the bot check (the form remembers it). */
  needsBotCheck?: boolean;
  getToken?: (action: string) => Promise<string>;
  /** The API client's call (src/lib/api); tests pass one over a fake fetch. */
  request?: RequestJson;
}

/**
 * POST /api/auth/login. After several failures of an email the API asks for the bot check
 * instead of refusing the owner: a reply with `botCheckRequired` and no token sent is answered
 * by getting a token (no question asked: the proof of work solved in the page, or reCAPTCHA
 * v3) and sending the same sign-in once more. Any other refusal throws a SignInError with the
 * server's words, saying whether the next try needs a token from the start.
 *
 * @example await signIn({ email, password }, { needsBotCheck });
 */
export async function signIn(
  credentials: { email: string; password: string },
  { needsBotCheck = false, getToken = botCheckToken, request = requestJson }: SignInDeps = {},
): Promise<void> {
  let withToken = needsBotCheck;
  for (;;) {
    const body = withToken
      ? { ...credentials, botCheckToken: await getToken('login') }
      : credentials;
    let asked = false;
    try {
      let reply: JsonReply;
      try {
        reply = await request('POST', '/api/auth/login', { body });
      } catch (error) {
        throw browserError(error);
      }
      // accountReply throws the server's words only; the flag beside them is read here.
      const flag = reply.body as { botCheckRequired?: unknown } | null | undefined;
      asked = flag?.botCheckRequired === true;
      accountReply(reply);
      return;
    } catch (error) {
      if (asked && !withToken) {
        withToken = true;
        continue;
      }
      throw new SignInError(messageOf(error), asked);
    }
  }
}
