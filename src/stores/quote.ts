import { browserError, requestJson, type RequestJson } from '../lib/api/client.ts';
import type { QuoteRequest } from '../lib/shell/quote-request.ts';
import { trackLoading } from './loading.ts';

/** spec storefront 8: the words of a failed quote request without the server's own. */
export const QUOTE_FAILED = 'Something went wrong. Please try again.';

/**
 * POST /api/quoteRequests (spec storefront 2, the quote form) under the loading bar. Resolves
 * with the request's number when the reply carries one; rejects with an Error in the words to
 * show: the server's `error`, the browser's own for a network failure, else QUOTE_FAILED.
 */
export async function sendQuoteRequest(
  request: QuoteRequest,
  send: RequestJson = requestJson,
): Promise<number | undefined> {
  const reply = await trackLoading(
    send('POST', '/api/quoteRequests', { body: request }).catch((error: unknown) => {
      throw browserError(error);
    }),
  );
  const body = (reply.body ?? {}) as { id?: unknown; error?: unknown };
  if (!reply.ok) throw new Error(typeof body.error === 'string' ? body.error : QUOTE_FAILED);
  return typeof body.id === 'number' ? body.id : undefined;
}
