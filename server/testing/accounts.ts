import type { Hono } from 'hono';
import type { Database } from '../db/open.ts';

/** The Origin the test app considers its own (requests go to http://localhost). */
export const ORIGIN = 'http://localhost';

/** A signed-in (or guest) browser for route tests: keeps the cookies the app sets. */
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
    const res = await this.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        'x-forwarded-for': this.address,
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
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

  /** Registers and stays signed in; returns the new customer's id. */
  async register(email: string, password = 'correct horse 1', names = ['Ada', 'Lovelace']) {
    const reply = await this.call('POST', '/api/auth/register', {
      email,
      password,
      firstName: names[0],
      lastName: names[1],
    });
    if (reply.status !== 201) throw new Error(`register failed: ${JSON.stringify(reply.body)}`);
    return (reply.body.user as { id: number }).id;
  }
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
