import { describe, expect, it, vi } from 'vitest';
import { ApiError, type JsonReply, type RequestJson } from '../lib/api/client.ts';
import { QUOTE_FAILED, sendQuoteRequest } from './quote.ts';

const request = {
  name: 'Ann',
  email: 'ann@example.com',
  phone: '',
  partNumbers: 'PJ-1',
  quantity: 2,
  message: '',
};

const replying = (reply: Partial<JsonReply>): RequestJson =>
  vi.fn(() =>
    Promise.resolve({
      status: 200,
      statusText: 'OK',
      ok: true,
      readable: true,
      body: {},
      ...reply,
    }),
  );

describe('sendQuoteRequest', () => {
  it('POSTs the request and resolves with its number', async () => {
    const send = replying({ status: 201, body: { id: 42 } });
    expect(await sendQuoteRequest(request, send)).toBe(42);
    expect(send).toHaveBeenCalledWith('POST', '/api/quoteRequests', { body: request });
    expect(await sendQuoteRequest(request, replying({ body: {} }))).toBeUndefined();
  });

  it("rejects with the server's words, else the default", async () => {
    await expect(
      sendQuoteRequest(
        request,
        replying({ ok: false, status: 400, body: { error: 'Bad email.' } }),
      ),
    ).rejects.toThrow('Bad email.');
    await expect(
      sendQuoteRequest(
        request,
        replying({ ok: false, status: 500, readable: false, body: undefined }),
      ),
    ).rejects.toThrow(QUOTE_FAILED);
  });

  it("rejects with the browser's words when no reply came", async () => {
    const offline = new TypeError('Failed to fetch');
    const send: RequestJson = () =>
      Promise.reject(new ApiError(QUOTE_FAILED, undefined, false, true, { cause: offline }));
    await expect(sendQuoteRequest(request, send)).rejects.toBe(offline);
  });
});
