import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { testApp } from '../server/testing/app.ts';
import { gzipsReply, MAX_UPLOAD_BYTES, proxy } from './api-proxy.ts';
import { sendRequest } from './request.testing.ts';

/** A reply bigger than any gzip header, so that compression shows in the bytes. */
const BIG_JSON = JSON.stringify({ products: Array.from({ length: 200 }, (_, id) => ({ id })) });

let api: Server;
let front: Server;

const listen = (server: Server) =>
  new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port);
    });
  });

beforeAll(async () => {
  api = createServer((req, res) => {
    if (req.url === '/api/json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', vary: 'Cookie' });
      res.end(BIG_JSON);
    } else if (req.url === '/api/png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.alloc(2000));
    } else if (req.url === '/api/encoded') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' });
      res.end(Buffer.from('not really brotli'));
    } else {
      res.writeHead(204);
      res.end();
    }
  });
  const apiUrl = new URL(`http://127.0.0.1:${String(await listen(api))}`);
  front = createServer((req, res) => {
    void proxy(req, res, apiUrl, { address: '127.0.0.1', proto: 'http', host: 'store' }, undefined);
  });
  await listen(front);
});

afterAll(() => {
  front.close();
  api.close();
});

/** A request through the proxy, with its raw (still encoded) body. */
function get(path: string, headers: Record<string, string> = {}) {
  const { port } = front.address() as AddressInfo;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      request({ port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          });
        });
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('the local proxy compresses the API replies nginx compresses', () => {
  it('gzips JSON for a client that takes gzip, and says it varies by Accept-Encoding', async () => {
    const reply = await get('/api/json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers['content-length']).toBeUndefined();
    expect(reply.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(reply.body.length).toBeLessThan(BIG_JSON.length / 4);
    expect(gunzipSync(reply.body).toString()).toBe(BIG_JSON);
  });

  it('sends JSON as it is to a client that does not take gzip', async () => {
    for (const accept of [undefined, 'br', 'gzip;q=0, identity']) {
      const reply = await get('/api/json', accept ? { 'accept-encoding': accept } : {});
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.body.toString()).toBe(BIG_JSON);
    }
  });

  it('leaves other types, replies already encoded and empty replies alone', async () => {
    const png = await get('/api/png', { 'accept-encoding': 'gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.body.length).toBe(2000);
    const encoded = await get('/api/encoded', { 'accept-encoding': 'gzip' });
    expect(encoded.headers['content-encoding']).toBe('br');
    expect(encoded.body.toString()).toBe('not really brotli');
    const empty = await get('/api/empty', { 'accept-encoding': 'gzip' });
    expect(empty.status).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });
});

describe('gzipsReply', () => {
  it('takes * as gzip and never compresses a HEAD or a 304', () => {
    const json = { 'content-type': 'application/json' };
    expect(gzipsReply('*', 'GET', 200, json)).toBe(true);
    expect(gzipsReply('gzip', 'HEAD', 200, json)).toBe(false);
    expect(gzipsReply('gzip', 'GET', 304, json)).toBe(false);
    expect(gzipsReply('GZIP;q=0.5', 'GET', 200, { 'content-type': 'image/svg+xml' })).toBe(true);
  });
});

describe('a body the API refuses before reading it (issue 28)', () => {
  it("passes the API's 413 on, not a 502, and refuses past its own limit itself", async () => {
    const { app } = testApp();
    const real = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((resolve) => real.once('listening', resolve));
    const realUrl = new URL(`http://127.0.0.1:${String((real.address() as AddressInfo).port)}`);
    const proxied = createServer((req, res) => {
      void proxy(
        req,
        res,
        realUrl,
        { address: '127.0.0.1', proto: 'http', host: 'store' },
        undefined,
      );
    });
    const port = await listen(proxied);
    try {
      const post = (bytes: number) =>
        sendRequest({
          port,
          path: '/api/checkouts',
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://store' },
          body: JSON.stringify({ note: 'x'.repeat(bytes) }),
          agent: false,
          encoding: 'utf8',
        });
      // Over the API's 256 KB: its own answer, every time (it was a 502 every time).
      for (let i = 0; i < 5; i++) {
        const reply = await post(300_000);
        expect(reply.status).toBe(413);
        expect(JSON.parse(reply.body)).toEqual({ error: 'The request body is too large.' });
      }
      // Over what either web server passes on (nginx's client_max_body_size): refused here.
      const huge = await post(MAX_UPLOAD_BYTES + 1);
      expect(huge.status).toBe(413);
      expect(JSON.parse(huge.body)).toEqual({ error: 'The request body is too large.' });
    } finally {
      proxied.closeAllConnections();
      proxied.close();
      real.closeAllConnections();
      real.close();
    }
  });
});
