import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipsReply, proxy } from './api-proxy.ts';

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
    proxy(req, res, apiUrl, { address: '127.0.0.1', proto: 'http', host: 'store' }, undefined);
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
