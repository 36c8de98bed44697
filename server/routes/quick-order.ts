import { Hono } from 'hono';
import { resolveRequestSchema } from '../../shared/contracts/quick-order.ts';
import { sameOriginJson } from '../accounts/guard.ts';
import { currentCheckoutId } from '../cart/session.ts';
import type { Deps } from '../deps.ts';
import { readJson } from '../http/input.ts';
import { resolveLines } from '../quick-order/resolve.ts';

/**
 * /api/quick-order (issue 32):
 * - POST /resolve `{ lines: [{ part, quantity, productId?, variantId? }] }` (1 to 500 lines)
 *   -> `{ lines }`, one resolved line per line in order (shared/contracts/quick-order.ts):
 *   the product and variant with price, line total and stock less what the caller's cart
 *   holds, or the candidates to choose from, the options to pick, or near numbers. It reads
 *   the cart cookie and writes nothing; the store's own pages call it (Origin and JSON, as
 *   the cart's calls).
 */
export function quickOrderRoutes({ db }: Deps): Hono {
  const app = new Hono();
  app.use('*', sameOriginJson());
  app.post('/resolve', async (c) => {
    const { lines } = await readJson(c, resolveRequestSchema);
    return c.json({ lines: resolveLines(db, lines, currentCheckoutId(c, db)) });
  });
  return app;
}
