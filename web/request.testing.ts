import { request, type IncomingHttpHeaders } from 'node:http';

/** A reply as the wire carried it: the status, the raw headers and the body as text. */
export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request to a server of these tests on 127.0.0.1 that follows no redirect and shows the
 * headers as sent (fetch would hide the form of Location). `encoding` reads the body: latin1
 * keeps every byte as one character.
 * @example await sendRequest({ port, path: '/cart.php', encoding: 'latin1' })
 */
export function sendRequest(options: {
  port: number | string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | undefined;
  /** false: a connection of its own, closed after the reply (the default keeps one alive). */
  agent?: false;
  encoding: BufferEncoding;
}): Promise<RawReply> {
  const { port, path, method = 'GET', headers = {}, body, agent, encoding } = options;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers, ...(agent === false ? { agent } : {}) },
      (res) => {
        let text = '';
        res.setEncoding(encoding);
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The status of a GET, or 0 while nothing answers (a process being restarted): what a test
 * polls until a server is back.
 * @example await expect.poll(() => statusOf(`${site}/api/health`)).toBe(200)
 */
export async function statusOf(url: string): Promise<number> {
  try {
    const reply = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await reply.arrayBuffer();
    return reply.status;
  } catch {
    return 0;
  }
}
