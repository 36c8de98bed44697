import type { Hono } from 'hono';
import { beforeEach } from 'vitest';
import { solveChallenge } from '../../shared/proof-of-work.ts';
import { hashPassword } from '../accounts/password.ts';
import type { Database } from '../db/open.ts';
import { TEST_ADMIN_TOKEN, testApp } from './app.ts';

/** The Origin the test app considers its own (requests go to http://localhost). */
export const ORIGIN = 'http://localhost';

/**
 * The third argument of app.request for a request whose connection comes from `address`,
 * as Hono's node server hands the socket to the app (server/http/forwarded.ts reads it).
 */
export function connectedFrom(address: string) {
  return { incoming: { socket: { remoteAddress: address } } };
}

/**
 * A signed-in (or guest) browser for route tests: keeps the cookies the app sets, and
 * connects from its own address (no proxy in between).
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly app: Hono;
  readonly address: string;
  constructor(app: Hono, address = '10.0.0.1') {
    this.app = app;
    this.address = address;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Sends a request with the cookies, the store's Origin and JSON, and keeps Set-Cookie. */
  async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Record<string, unknown>; res: Response }> {
    // An absolute URL plays a request whose Host named that host (the node server builds
    // the URL from it).
    const res = await this.app.request(
      path.startsWith('http') ? path : `${ORIGIN}${path}`,
      {
        method,
        headers: {
          'content-type': 'application/json',
          origin: ORIGIN,
          ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
          ...headers,
        },
        ...(body === undefined
          ? {}
          : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      },
      connectedFrom(this.address),
    );
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value = ''] = (pair ?? '').split('=');
      if (name === undefined) continue;
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.clone().text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { html: text };
    }
    return { status: res.status, body: parsed, res };
  }

  /**
   * A bot-check token as the page gets one (src/lib/account/bot-token.ts): a challenge from
   * GET /api/botCheck/challenge, solved by the browser's own solver. Tests run at the low
   * BOT_CHECK_DIFFICULTY vitest.config.ts sets, so a token costs a few hundred hashes.
   */
  async botCheckToken(): Promise<string> {
    return solveBotCheck(await this.call('GET', '/api/botCheck/challenge'));
  }

  /** Signs in as the login form does; the reply, whether or not it succeeded. */
  login(email: string, password = 'correct horse 1', headers: Record<string, string> = {}) {
    return this.call('POST', '/api/auth/login', { email, password }, headers);
  }

  /**
   * Registers as a shopper does: asks for the account, opens the mailed link (read from the
   * outbox with the test merchandiser token) and so is signed in; returns the customer's id.
   */
  async register(email: string, password = 'correct horse 1', names = ['Ada', 'Lovelace']) {
    const reply = await this.call('POST', '/api/auth/register', {
      email,
      password,
      firstName: names[0],
      lastName: names[1],
    });
    if (reply.status !== 202) throw new Error(`register failed: ${JSON.stringify(reply.body)}`);
    const link = await this.mailedLink(email, 'verify-account');
    const token = new URL(link).searchParams.get('token');
    const verified = await this.call('POST', '/api/auth/verifyAccount', { token });
    if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
    const user = await this.call('GET', '/api/user');
    return (user.body.user as { id: number }).id;
  }

  /** The link of the newest email of this kind to `to` (the outbox, test token). */
  async mailedLink(to: string, kind: string): Promise<string> {
    const res = await this.app.request(`${ORIGIN}/api/admin/outbox?to=${encodeURIComponent(to)}`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    const { emails } = (await res.json()) as { emails: { kind: string; link: string }[] };
    const found = emails.find((mail) => mail.kind === kind);
    if (found === undefined) throw new Error(`no ${kind} email to ${to}`);
    return found.link;
  }
}

/**
 * The token of a GET /api/botCheck/challenge reply, solved by the browser's own solver
 * (shared/proof-of-work.ts); throws when the reply is not a challenge.
 */
export async function solveBotCheck(reply: {
  status: number;
  body: Record<string, unknown>;
}): Promise<string> {
  const { challenge, difficulty } = reply.body;
  if (reply.status !== 200 || typeof challenge !== 'string' || typeof difficulty !== 'number') {
    throw new Error(`no challenge: ${String(reply.status)} ${JSON.stringify(reply.body)}`);
  }
  return solveChallenge(challenge, difficulty);
}

/** Inserts a verified customer who signs in with `password`; returns the id. */
export async function addCustomer(
  db: Database,
  email: string,
  password = 'correct horse 1',
): Promise<number> {
  const { id } = db
    .prepare(
      "INSERT INTO customers (email, first_name, last_name) VALUES (?, 'Ada', 'Lovelace') RETURNING id",
    )
    .get(email) as { id: number };
  db.prepare(
    "INSERT INTO customer_credentials (customer_id, password_hash, verified_at) VALUES (?, ?, '2026-01-01T00:00:00Z')",
  ).run(id, await hashPassword(password));
  return id;
}

/** Countries and states the address tests use. */
export function seedRegions(db: Database): void {
  db.exec(`INSERT INTO countries (code, title, position) VALUES ('US', 'United States', 0),
    ('CA', 'Canada', 1), ('GB', 'United Kingdom', 2)`);
  db.exec(`INSERT INTO states (country_code, code, title) VALUES ('US', 'TX', 'Texas'),
    ('US', 'NY', 'New York'), ('CA', 'ON', 'Ontario')`);
}

/** A complete address payload. */
export const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Analytical Engines',
  address1: '12 Main St',
  address2: '',
  city: 'Austin',
  zip: '78701',
  phone: '+1 512 555 0100',
  countryCode: 'US',
  stateCode: 'TX',
};

/**
 * A fresh test app for each test of the calling `describe` (through beforeEach) with one
 * customer signed up, on a clock that moves only when the test moves it: `ctx.now` starts at
 * `start` in each test, and `ctx.now += ms` moves it. For the account rules over time.
 *
 * @example
 * const ctx = customerAppPerTest({ start: '2026-11-22T12:00:00Z', email: 'ada@example.com' });
 * it('...', async () => { await new Browser(ctx.app).call(...); ctx.now += 60_000; });
 */
export function customerAppPerTest({
  start,
  email,
  password,
}: {
  start: string;
  email: string;
  password?: string;
}): ReturnType<typeof testApp> & { now: number } {
  const current = { now: 0 } as ReturnType<typeof testApp> & { now: number };
  beforeEach(async () => {
    current.now = Date.parse(start);
    Object.assign(current, testApp({ now: () => current.now }));
    await addCustomer(current.db, email, password);
  });
  return current;
}
