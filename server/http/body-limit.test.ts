import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_MAX_JSON_BYTES } from '../routes/admin.ts';
import { expectErrorReply, jsonInit, TEST_ADMIN_TOKEN, testApp } from '../testing/app.ts';
import { bodyLimits } from './body-limit.ts';
import { MAX_JSON_BYTES } from './input.ts';

const CHUNK = 64 * 1024;
const HUNDRED_MB = 100 * 1024 * 1024;

/** A chunked body of `total` bytes that counts how much of it was pulled. */
function countingBody(total: number) {
  const sent = { bytes: 0, cancelled: false };
  const chunk = new Uint8Array(CHUNK).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent.bytes >= total) {
        controller.close();
        return;
      }
      sent.bytes += CHUNK;
      controller.enqueue(chunk);
    },
    cancel() {
      sent.cancelled = true;
    },
  });
  return { stream, sent };
}

const post = (
  app: ReturnType<typeof testApp>['app'],
  path: string,
  body: BodyInit,
  headers: Record<string, string> = {},
) =>
  app.request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

/** A product whose reviews make its JSON about `bytes` long. */
function bigProduct(bytes: number) {
  const review = { starsRating: 5, title: 'Fine', body: 'x'.repeat(4000), author: 'A' };
  return {
    handle: 'big-wheel',
    title: 'Big Wheel',
    price: 10,
    reviews: Array.from({ length: Math.ceil(bytes / 4060) }, () => review),
    variants: [{ title: 'Default Title', price: 10, inventory: { availableQuantity: 1 } }],
  };
}

describe('body limits through app.request', () => {
  it('refuses a 100 MB chunked body at the limit, having read little more than the limit', async () => {
    const { app } = testApp();
    const { stream, sent } = countingBody(HUNDRED_MB);
    const res = await post(app, '/api/quoteRequests', stream);
    await expectErrorReply(res, 413, 'The request body is too large.');
    expect(res.headers.get('connection')).toBe('close');
    expect(sent.bytes).toBeGreaterThan(MAX_JSON_BYTES);
    expect(sent.bytes).toBeLessThanOrEqual(MAX_JSON_BYTES + 2 * CHUNK);
  });

  it('refuses a declared Content-Length past the limit before reading the body', async () => {
    const { app } = testApp();
    const { stream, sent } = countingBody(HUNDRED_MB);
    const res = await post(app, '/api/checkouts/lineItems', stream, {
      'content-length': String(HUNDRED_MB),
    });
    expect(res.status).toBe(413);
    // At most the one chunk a stream pulls ahead by itself when it is made.
    expect(sent.bytes).toBeLessThanOrEqual(CHUNK);
  });

  it('passes a body under the limit to the route, which reads it whole', async () => {
    const { app } = testApp();
    const { stream } = countingBody(2 * CHUNK); // 128 KB of spaces: not JSON, but not too large
    const res = await post(app, '/api/checkouts/lineItems', stream);
    await expectErrorReply(res, 400, 'The request body is not valid JSON.');
  });

  it('lets a merchandiser send a catalogue record over the default limit, up to 4 MB', async () => {
    const { app } = testApp();
    const product = JSON.stringify(bigProduct(400 * 1024));
    expect(product.length).toBeGreaterThan(MAX_JSON_BYTES);
    const auth = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
    const chunked = new Blob([product]).stream();
    expect((await post(app, '/api/admin/products', chunked, auth)).status).toBe(201);
    // The same size anywhere else is refused.
    expect((await post(app, '/api/quoteRequests', new Blob([product]).stream())).status).toBe(413);
    const { stream, sent } = countingBody(HUNDRED_MB);
    expect((await post(app, '/api/admin/products', stream, auth)).status).toBe(413);
    expect(sent.bytes).toBeLessThanOrEqual(ADMIN_MAX_JSON_BYTES + 2 * CHUNK);
  });

  it('reads nothing of a body sent to the merchandiser API without its token', async () => {
    const { app } = testApp();
    const { stream, sent } = countingBody(HUNDRED_MB);
    const res = await post(app, '/api/admin/products', stream, { authorization: 'Bearer nope' });
    expect(res.status).toBe(401);
    expect(sent.bytes).toBeLessThanOrEqual(CHUNK);
  });

  it('does not let an escaped path borrow the larger merchandiser limit', async () => {
    const { app } = testApp();
    const { stream, sent } = countingBody(HUNDRED_MB);
    const res = await post(app, '/api/%61dmin/../quoteRequests', stream);
    expect(res.status).toBe(413);
    expect(sent.bytes).toBeLessThanOrEqual(ADMIN_MAX_JSON_BYTES + 2 * CHUNK);
  });

  it('leaves bodiless calls alone', async () => {
    const { app } = testApp();
    expect((await app.request('http://localhost/api/health')).status).toBe(200);
    const init = jsonInit('GET');
    expect((await app.request('http://localhost/api/checkouts', init)).status).toBe(200);
  });
});

describe('a larger limit behind a guard', () => {
  /** An app whose /big/* takes 1 MB, but only with the header the guard asks for. */
  function guarded() {
    const app = new Hono();
    const guard: MiddlewareHandler = async (c, next) => {
      if (c.req.header('x-key') !== 'yes') return c.json({ error: 'No.' }, 401);
      await next();
      return undefined;
    };
    app.use('*', bodyLimits({ larger: [{ prefix: '/big', maxBytes: 1 << 20, guard }] }));
    app.post('*', async (c) => c.json({ bytes: (await c.req.arrayBuffer()).byteLength }));
    const send = (path: string, stream: ReadableStream<Uint8Array>, key?: string) =>
      app.request(`http://localhost${path}`, {
        method: 'POST',
        headers: key ? { 'x-key': key } : {},
        body: stream,
        duplex: 'half',
      } as RequestInit);
    return send;
  }

  it('reads not a byte for a caller the guard refuses', async () => {
    const send = guarded();
    const { stream, sent } = countingBody(HUNDRED_MB);
    const res = await send('/big/upload', stream);
    expect(res.status).toBe(401);
    expect(sent.bytes).toBeLessThanOrEqual(CHUNK);
  });

  it('gives the larger limit to a caller the guard lets through, and refuses past it', async () => {
    const send = guarded();
    const fits = countingBody(8 * CHUNK); // 512 KB: over the default, under 1 MB
    const ok = await send('/big/upload', fits.stream, 'yes');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ bytes: 8 * CHUNK });
    const { stream, sent } = countingBody(HUNDRED_MB);
    const over = await send('/big/upload', stream, 'yes');
    expect(over.status).toBe(413);
    expect(sent.bytes).toBeLessThanOrEqual((1 << 20) + 2 * CHUNK);
    // Elsewhere the default holds, guard or not.
    expect((await send('/small', countingBody(8 * CHUNK).stream, 'yes')).status).toBe(413);
  });
});

describe('body limits over a real socket', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it('answers 413 while a 100 MB chunked upload is still being sent, and closes the connection', async () => {
    const { app } = testApp();
    const port = await new Promise<number>((resolve) => {
      // Port 0: any free port, so parallel runs of the suite never collide.
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
        resolve(info.port),
      ) as Server;
    });
    expect((server?.address() as AddressInfo).port).toBe(port);

    const result = await new Promise<{ written: number; reply: string; closed: boolean }>(
      (resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let written = 0;
        let reply = '';
        let answered = false;
        const chunk = Buffer.alloc(CHUNK, 0x20);
        const frame = Buffer.concat([
          Buffer.from(`${CHUNK.toString(16)}\r\n`),
          chunk,
          Buffer.from('\r\n'),
        ]);
        const pump = () => {
          while (!answered && !socket.destroyed && written < HUNDRED_MB) {
            written += CHUNK;
            if (!socket.write(frame)) {
              socket.once('drain', pump);
              return;
            }
          }
        };
        socket.on('error', (error: NodeJS.ErrnoException) => {
          // The server may close while we are still writing: that is the point.
          if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
        });
        socket.on('data', (data: Buffer) => {
          reply += data.toString('latin1');
          answered = true;
        });
        socket.on('close', () => resolve({ written, reply, closed: true }));
        socket.write(
          'POST /api/quoteRequests HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
            'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
        );
        pump();
      },
    );
    expect(result.reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(result.reply).toContain('The request body is too large.');
    expect(result.closed).toBe(true);
    // Socket buffers on both sides hold some megabytes; nowhere near the 100 MB.
    expect(result.written).toBeLessThan(HUNDRED_MB / 4);
  });
});
