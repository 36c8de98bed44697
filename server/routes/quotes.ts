import { Hono } from 'hono';
import { z } from 'zod';
import { QUOTE_LIMITS } from '../../shared/contracts/quote-request.ts';
import { sameOriginJson } from '../accounts/guard.ts';
import type { Deps } from '../deps.ts';
import { readJson } from '../http/input.ts';
import { limitedText, senderFields } from '../http/sender-fields.ts';

/** A quote request as the home page's form sends it (shared/contracts/quote-request.ts). */
export const quoteRequestSchema = z.object({
  ...senderFields(QUOTE_LIMITS),
  partNumbers: limitedText(QUOTE_LIMITS.partNumbers).min(1, 'is required'),
  quantity: z.number().int().min(1).max(QUOTE_LIMITS.quantity),
  message: limitedText(QUOTE_LIMITS.message).default(''),
});

/**
 * Quote requests (spec storefront 2, "Request a quote"), mounted at /api/quoteRequests:
 * POST / with the form as JSON -> 201 `{ success: true, id }`. Requests are only stored;
 * there is no GET, since they hold shoppers' contact details.
 */
export function quoteRoutes({ db, now }: Deps): Hono {
  const insert = db.prepare(
    `INSERT INTO quote_requests (name, email, phone, part_numbers, quantity, message, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const app = new Hono();

  // only the store's own quote form may file a request in a shopper's name.
  app.post('/', sameOriginJson(), async (c) => {
    const quote = await readJson(c, quoteRequestSchema, { maxBytes: 16 * 1024 });
    const result = insert.run(
      quote.name,
      quote.email,
      quote.phone,
      quote.partNumbers,
      quote.quantity,
      quote.message,
      new Date(now()).toISOString(),
    );
    return c.json({ success: true, id: Number(result.lastInsertRowid) }, 201);
  });

  return app;
}
