import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WRONG_TOKEN_LIMIT } from '../server/http/merchandiser-auth.ts';
import { connectedFrom } from '../server/testing/accounts.ts';
import { ourPath, publishApp, publishService, PUBLISH_PAGE_POLICY } from './service.ts';
import { MemoryControl } from './memory-control.testing.ts';
import type { PublishControl, PublishRecord } from './types.ts';

const TOKEN = 'merchandiser-secret-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
/** What the server behind the handler answers when the handler says "not mine". */
const FALLTHROUGH = 'not the publish service';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: () => unknown;
}

let server: Server;
let port: number;
let control: MemoryControl;

/**
 * One request with the path sent exactly as written: fetch and URL would resolve `..` and
 * `//` before sending, and those are what the service must be seen to handle.
 */
function send(
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text,
          json: () => JSON.parse(text) as unknown,
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  send('POST', path, {
    headers: { ...AUTH, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  // One handler for the whole file, as in a server, over the control each test makes anew.
  const proxy: PublishControl = {
    request: (options) => control.request(options),
    rollback: (options) => control.rollback(options),
    get: (id) => control.get(id),
    overview: () => control.overview(),
  };
  const handler = publishService({ control: proxy, adminToken: TOKEN });
  server = createServer((req, res) => {
    handler(req, res)
      .then((answered) => {
        if (!answered) res.writeHead(418, { 'content-type': 'text/plain' }).end(FALLTHROUGH);
      })
      .catch((error: unknown) => {
        res.writeHead(599).end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

beforeEach(() => {
  control = new MemoryControl();
});

describe('the merchandiser token', () => {
  it('is required on every API path and method, and nothing is asked of the publisher without it', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/publish'],
      ['POST', '/api/admin/publish'],
      ['GET', '/api/admin/publish/20261124-100632-0001'],
      ['POST', '/api/admin/publish/rollback'],
      ['DELETE', '/api/admin/publish'],
    ] as const) {
      const reply = await send(method, path);
      expect(reply.status, `${method} ${path}`).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer realm="merchandiser"');
      expect(reply.json()).toEqual({ error: 'Sign in with the merchandiser token to publish.' });
    }
    const wrong = await send('POST', '/api/admin/publish', {
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    expect(control.calls).toEqual([]);
  });

  it('refuses a merchandiser name outside the allowed characters, before publishing', async () => {
    const reply = await send('POST', '/api/admin/publish', {
      headers: { ...AUTH, 'x-merchandiser': 'Jane:admin' },
    });
    expect(reply.status).toBe(400);
    expect((reply.json() as { error: string }).error).toMatch(/^X-Merchandiser: use 1 to 64/);
    expect(control.calls).toEqual([]);
  });
});

describe('POST /api/admin/publish', () => {
  it('queues a publish: 202, the record, and its Location', async () => {
    const reply = await send('POST', '/api/admin/publish', { headers: AUTH });
    expect(reply.status).toBe(202);
    const { publish } = reply.json() as { publish: PublishRecord };
    expect(publish).toMatchObject({
      kind: 'publish',
      state: 'queued',
      trigger: 'api',
      actor: 'admin',
    });
    expect(reply.headers.location).toBe(`/api/admin/publish/${publish.id}`);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(control.calls).toEqual([{ method: 'request', trigger: 'api', actor: 'admin' }]);
  });

  it("labels the page's publishes and names the merchandiser from X-Merchandiser", async () => {
    const reply = await postJson(
      '/api/admin/publish',
      { trigger: 'page' },
      { 'x-merchandiser': 'Jane Doe' },
    );
    expect(reply.status).toBe(202);
    expect(control.calls).toEqual([
      { method: 'request', trigger: 'page', actor: 'admin:Jane Doe' },
    ]);
  });

  it('asks the publisher every time and answers what it says: a second click gets the queued one', async () => {
    const first = await postJson('/api/admin/publish', { trigger: 'page' });
    const second = await postJson('/api/admin/publish', {});
    const [a, b] = [first, second].map(
      (reply) => (reply.json() as { publish: PublishRecord }).publish,
    );
    expect(b?.id).toBe(a?.id);
    expect(second.headers.location).toBe(first.headers.location);
    expect(control.calls.map((call) => [call.method, call.trigger])).toEqual([
      ['request', 'page'],
      ['request', 'api'],
    ]);
    expect(control.records).toHaveLength(1);
  });

  it('refuses a body it does not understand, naming the field, and publishes nothing', async () => {
    const cli = await postJson('/api/admin/publish', { trigger: 'cli' });
    expect(cli.status).toBe(400);
    expect((cli.json() as { error: string }).error).toMatch(/^trigger: /);
    const extra = await postJson('/api/admin/publish', { trigger: 'page', force: true });
    expect(extra.status).toBe(400);
    expect((extra.json() as { error: string }).error).toMatch(/force/);
    const notJson = await send('POST', '/api/admin/publish', {
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: '{trigger:page}',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json()).toEqual({ error: 'The request body is not valid JSON.' });
    const form = await send('POST', '/api/admin/publish', {
      headers: { ...AUTH, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'trigger=page',
    });
    expect(form.status).toBe(415);
    const large = await postJson('/api/admin/publish', { trigger: 'page', pad: 'x'.repeat(2000) });
    expect(large.status).toBe(413);
    expect(control.calls).toEqual([]);
  });
});

describe('GET /api/admin/publish and /api/admin/publish/{id}', () => {
  it('answers the overview as the publisher gives it', async () => {
    control.request({ trigger: 'cli', actor: 'cli:ops' });
    const reply = await send('GET', '/api/admin/publish?fresh=1', { headers: AUTH });
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual(await control.overview());
  });

  it('answers one publish by id, and 404 for an unknown one', async () => {
    const record = control.request({ trigger: 'api', actor: 'admin' });
    control.calls = [];
    const found = await send('GET', `/api/admin/publish/${record.id}`, { headers: AUTH });
    expect(found.status).toBe(200);
    expect(found.json()).toEqual({ publish: record });
    const unknown = await send('GET', '/api/admin/publish/20261124-100632-ffff', { headers: AUTH });
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ error: 'There is no publish 20261124-100632-ffff.' });
    expect(control.calls).toEqual([
      { method: 'get', id: record.id },
      { method: 'get', id: '20261124-100632-ffff' },
    ]);
  });

  it.each(['latest', '20261124-100632', '20261124-100632-3F9A', '..%2F..%2Fetc', '%00'])(
    'answers 404 for the id %j, of another shape, without asking the publisher',
    async (id) => {
      const reply = await send('GET', `/api/admin/publish/${id}`, { headers: AUTH });
      expect(reply.status).toBe(404);
      expect(reply.json()).toEqual({ error: 'There is no such publish resource.' });
      expect(control.calls).toEqual([]);
    },
  );

  it('answers a generic 500 when the publisher fails, without its message', async () => {
    control.failOverview = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reply = await send('GET', '/api/admin/publish', { headers: AUTH });
    logged.mockRestore();
    expect(reply.status).toBe(500);
    expect(reply.text).not.toContain('/srv/secret');
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /api/admin/publish/rollback', () => {
  it('answers 409 with the reason when there is nothing to roll back to', async () => {
    const reply = await postJson('/api/admin/publish/rollback', { trigger: 'page' });
    expect(reply.status).toBe(409);
    expect(reply.json()).toEqual({ error: 'There is no earlier release to roll back to.' });
  });

  it('answers 409 while a publish is queued', async () => {
    control.canRollBack = true;
    control.request({ trigger: 'watch', actor: 'admin' });
    const reply = await send('POST', '/api/admin/publish/rollback', { headers: AUTH });
    expect(reply.status).toBe(409);
    expect(reply.json()).toEqual({ error: 'A publish is running; roll back after it.' });
  });

  it('rolls back: 202, the rollback record, and its Location', async () => {
    control.canRollBack = true;
    const reply = await postJson(
      '/api/admin/publish/rollback',
      { trigger: 'page' },
      { 'x-merchandiser': 'Sam' },
    );
    expect(reply.status).toBe(202);
    const { publish } = reply.json() as { publish: PublishRecord };
    expect(publish).toMatchObject({ kind: 'rollback', trigger: 'page', actor: 'admin:Sam' });
    expect(reply.headers.location).toBe(`/api/admin/publish/${publish.id}`);
    expect(control.calls).toEqual([{ method: 'rollback', trigger: 'page', actor: 'admin:Sam' }]);
  });
});

describe('methods and paths the API does not have', () => {
  it('answers 405 with Allow for a method a path does not take', async () => {
    const cases = [
      ['PUT', '/api/admin/publish', 'GET, HEAD, POST'],
      ['DELETE', '/api/admin/publish', 'GET, HEAD, POST'],
      ['GET', '/api/admin/publish/rollback', 'POST'],
      ['DELETE', '/api/admin/publish/20261124-100632-0001', 'GET, HEAD'],
      ['POST', '/api/admin/publish/20261124-100632-0001', 'GET, HEAD'],
    ] as const;
    for (const [method, path, allow] of cases) {
      const reply = await send(method, path, { headers: AUTH });
      expect(reply.status, `${method} ${path}`).toBe(405);
      expect(reply.headers.allow).toBe(allow);
      expect((reply.json() as { error: string }).error).toBe(
        `${method} is not allowed here; use ${allow}.`,
      );
    }
    expect(control.calls).toEqual([]);
  });

  it('answers 404 JSON below the API for anything else', async () => {
    for (const path of [
      '/api/admin/publish/',
      '/api/admin/publish/rollback/now',
      '/api/admin/publish/a/b',
    ]) {
      const reply = await send('GET', path, { headers: AUTH });
      expect(reply.status, path).toBe(404);
      expect(reply.json()).toEqual({ error: 'There is no such publish resource.' });
    }
  });
});

describe('the merchandiser page', () => {
  const pageHeaders = (reply: Reply) => {
    expect(reply.headers['content-security-policy']).toBe(PUBLISH_PAGE_POLICY);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-robots-tag']).toBe('noindex');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  };
  /** GET `path`: its status and type (exact, or a pattern), with the page's headers. */
  const getPageFile = async (path: string, status: number, type: string | RegExp) => {
    const reply = await send('GET', path);
    expect(reply.status, path).toBe(status);
    if (typeof type === 'string') expect(reply.headers['content-type']).toBe(type);
    else expect(reply.headers['content-type']).toMatch(type);
    pageHeaders(reply);
    return reply;
  };

  it('is served at /admin/publish and /admin/publish/ without a token, with its own strict policy', async () => {
    expect(PUBLISH_PAGE_POLICY).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; " +
        "img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    for (const path of [
      '/admin/publish',
      '/admin/publish/',
      '/admin/publish/index.html',
      '/admin/publish?x=1',
    ]) {
      const reply = await getPageFile(path, 200, 'text/html; charset=utf-8');
      expect(reply.text).toContain('<title>Publish the store');
    }
  });

  it('has no inline script or style, which its policy would refuse', async () => {
    const html = (await send('GET', '/admin/publish')).text;
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, body] of scripts) {
      expect(tag).toMatch(/ src="\/admin\/publish\/[a-z]+\.js"/);
      expect(body).toBe('');
    }
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('serves every file the page and its scripts refer to, with its type and the same headers', async () => {
    const html = (await send('GET', '/admin/publish/')).text;
    const app = (await send('GET', '/admin/publish/app.js')).text;
    const referred = [
      ...[...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? ''),
      ...[...app.matchAll(/from '\.\/([a-z]+\.js)'/g)].map(
        (match) => `/admin/publish/${match[1] ?? ''}`,
      ),
    ];
    expect(referred).toEqual(
      expect.arrayContaining([
        '/admin/publish/app.css',
        '/admin/publish/app.js',
        '/admin/publish/model.js',
        '/admin/publish/table.js',
      ]),
    );
    const types: Record<string, string> = {
      css: 'text/css; charset=utf-8',
      js: 'text/javascript; charset=utf-8',
    };
    for (const path of referred) {
      await getPageFile(path, 200, types[path.split('.').at(-1) ?? ''] ?? 'unknown');
    }
  });

  it('answers HEAD, 405 for other methods, and 404 text for other files', async () => {
    const head = await send('HEAD', '/admin/publish/app.css');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const post = await send('POST', '/admin/publish', { headers: AUTH });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    for (const path of [
      '/admin/publish/service.ts',
      '/admin/publish/model.test.ts',
      '/admin/publish/page/app.js',
      '/admin/publish/..%2Fservice.ts',
      '/admin/publish/app.js/',
      '/admin/publish/.env',
    ]) {
      const reply = await getPageFile(path, 404, /^text\/plain/);
      expect(reply.text).toBe('Not found');
    }
  });
});

describe('paths that only look like ours', () => {
  it.each([
    '/api/admin/publishx',
    '/api/admin/publish.json',
    '/admin/publishx',
    '/admin/publish/../',
    '/admin/publish/%2e%2e/',
    '/admin/publish/..',
    '/api/admin/publish/..',
    '/api/admin/publish/%2E%2E/products',
    '/api/admin/publish%2Frollback',
    '/api/admin/publish%2frollback',
    '/admin/publish%2Fapp.js',
    '/admin%2Fpublish',
    '//admin/publish',
    '//api/admin/publish',
    '/admin\\publish',
    '/admin/publish\\..\\app.js',
    '/API/admin/publish',
    '/Admin/Publish',
    '/',
  ])(
    '%s is left to the server behind: the handler answers false and writes nothing',
    async (path) => {
      const reply = await send('POST', path, {
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(reply.status).toBe(418);
      expect(reply.text).toBe(FALLTHROUGH);
      expect(control.calls).toEqual([]);
    },
  );

  it('are resolved as a browser resolves them before deciding', () => {
    expect(ourPath('/admin/publish/x/../app.js')).toBe('/admin/publish/app.js');
    expect(ourPath('/api/admin/publish?x=/../../')).toBe('/api/admin/publish');
    expect(ourPath('/api/admin/publish/rollback?next=%2F')).toBe('/api/admin/publish/rollback');
    expect(ourPath('http://evil.example/admin/publish')).toBeUndefined();
    expect(ourPath('*')).toBeUndefined();
    expect(ourPath(undefined)).toBeUndefined();
  });
});

describe('a publish asked for without a body (issue 28: the docs say the body is optional)', () => {
  it.each([
    ['no body and no length', {}],
    ['Content-Length: 0', { 'content-length': '0' }],
    ['an empty chunked body', { 'transfer-encoding': 'chunked' }],
    [
      'an empty chunked JSON body',
      { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    ],
  ])('is queued for %s', async (_, headers) => {
    const reply = await send('POST', '/api/admin/publish', { headers: { ...AUTH, ...headers } });
    expect(reply.status).toBe(202);
    expect(control.calls).toEqual([{ method: 'request', trigger: 'api', actor: 'admin' }]);
  });

  it('reads a chunked body, and stops one past the limit', async () => {
    const chunked = { ...AUTH, 'content-type': 'application/json', 'transfer-encoding': 'chunked' };
    const page = await send('POST', '/api/admin/publish', {
      headers: chunked,
      body: '{"trigger":"page"}',
    });
    expect(page.status).toBe(202);
    expect(control.calls).toEqual([{ method: 'request', trigger: 'page', actor: 'admin' }]);
    const large = await send('POST', '/api/admin/publish/rollback', {
      headers: chunked,
      body: `{"trigger":"page","pad":"${'x'.repeat(5000)}"}`,
    });
    expect(large.status).toBe(413);
  });
});

describe('wrong tokens behind the web server (issue 28)', () => {
  it("count against the address the web server vouches for, so one stranger's do not lock every merchandiser out", async () => {
    const secret = 'proxy-secret-of-the-web-server-0123456789';
    const app = publishApp({
      control: new MemoryControl(),
      adminToken: TOKEN,
      proxySecret: secret,
    });
    // Through nginx every request comes from 127.0.0.1; X-Forwarded-For names the client.
    const post = (client: string, token: string) =>
      app.request(
        'http://localhost/api/admin/publish',
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'x-forwarded-for': client,
            'x-proxy-secret': secret,
          },
        },
        connectedFrom('127.0.0.1'),
      );
    for (let i = 0; i < WRONG_TOKEN_LIMIT.max; i++) {
      expect((await post('203.0.113.66', `guess-${String(i)}`)).status).toBe(401);
    }
    expect((await post('203.0.113.66', 'one-more-guess')).status).toBe(429);
    expect((await post('198.51.100.10', TOKEN)).status).toBe(202);
  });
});
