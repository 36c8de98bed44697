import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { sameOriginJson } from '../accounts/guard.ts';
import { discountRefusal, findDiscountCode, readCodeParam } from '../cart/discounts.ts';
import { parseAddBody, parseHandlesBody, parseSetBody } from '../cart/input.ts';
import { addLines, addLinesEach, addProducts, removeLine, setLine } from '../cart/lines.ts';
import { cartOwner, cartScope } from '../cart/owner.ts';
import {
  currentCheckoutId,
  insertCheckout,
  isCheckoutId,
  publicOrigin,
  rememberCheckout,
  setCheckoutCookie,
} from '../cart/session.ts';
import { estimateShipping } from '../cart/shipping.ts';
import { checkoutTotals, checkoutView, emptyCheckoutView } from '../cart/view.ts';
import { transaction } from '../db/open.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { idempotency } from '../http/idempotency.ts';
import { pathId, readJson } from '../http/input.ts';

/**
 * The cart: /api/checkouts (spec storefront 7). The checkout is found by the HttpOnly cookie
 * set by the first change; every change replies `{ checkout }` and honours Idempotency-Key.
 */
export function checkoutRoutes({ db, now }: Deps): Hono {
  const app = new Hono();
  const once = idempotency({ db, now, scope: cartScope(db) });
  // the cart is the cookie's, so its changes come from the store's own pages
  // only (Origin and JSON, as the account calls); checked before a key is claimed.
  app.use('*', sameOriginJson());

  const reply = (c: Context, id: string) =>
    c.json({ checkout: checkoutView(db, id, publicOrigin(c)) });

  /**
   * Runs a change in one transaction, creating the checkout first when there is none; gives
   * the checkout's id and what the change answered.
   */
  const inCheckout = <T>(c: Context, work: (checkoutId: string) => T) => {
    const existing = currentCheckoutId(c, db);
    const done = transaction(db, () => {
      const checkoutId = existing ?? insertCheckout(db);
      return { id: checkoutId, value: work(checkoutId) };
    });
    if (existing === undefined) rememberCheckout(c, done.id);
    setCheckoutCookie(c, done.id); // renews the cookie's lifetime too
    return done;
  };

  /** A change whose reply is the checkout. */
  const change = (c: Context, work: (checkoutId: string) => void) =>
    reply(c, inCheckout(c, work).id);

  /** spec: storefront 5, the discount and estimate calls need the caller's own checkout. */
  const ownCheckout = (c: Context): string => {
    const asked = c.req.param('checkoutId');
    const id = currentCheckoutId(c, db);
    if (!isCheckoutId(asked) || id !== asked) throw new HttpError(404, 'Invalid checkout.');
    return id;
  };

  // A visitor without a checkout gets the empty shape (id and webUrl null); no row is made,
  // but the visitor gets its cart owner cookie, which its first change will need (owner.ts).
  app.get('/', (c) => {
    const id = currentCheckoutId(c, db);
    if (id !== undefined) return reply(c, id);
    cartOwner(c);
    return c.json({ checkout: emptyCheckoutView() });
  });

  app.post('/lineItems', once, async (c) => {
    const wanted = parseAddBody(await readJson(c, z.unknown()));
    return change(c, (id) => addLines(db, id, wanted));
  });

  // Issue 32, item 5: many lines, one transaction, a result per line (cart/lines.ts).
  app.post('/lineItems/batch', once, async (c) => {
    const wanted = parseAddBody(await readJson(c, z.unknown()));
    const { id, value: results } = inCheckout(c, (checkoutId) =>
      addLinesEach(db, checkoutId, wanted),
    );
    return c.json({ checkout: checkoutView(db, id, publicOrigin(c)), results });
  });

  app.put('/lineItems', once, async (c) => {
    const wanted = parseSetBody(await readJson(c, z.unknown()));
    return change(c, (id) => setLine(db, id, wanted));
  });

  app.delete('/lineItems/:lineItemId', once, (c) => {
    const lineItemId = pathId(c.req.param('lineItemId'), 'cart item');
    const id = currentCheckoutId(c, db);
    removeLine(db, id, lineItemId);
    return reply(c, id ?? '');
  });

  app.post('/products', once, async (c) => {
    const handles = parseHandlesBody(await readJson(c, z.unknown()));
    return change(c, (id) => addProducts(db, id, handles));
  });

  app.post('/:checkoutId/discountCodes', once, (c) => {
    const id = ownCheckout(c);
    const asked = readCodeParam(c.req.query('code'));
    const discount = findDiscountCode(db, asked);
    const refusal = discountRefusal(discount, checkoutTotals(db, id).subtotalCents, asked);
    if (refusal !== undefined || discount === undefined) {
      throw new HttpError(422, refusal ?? 'That discount code is not valid.');
    }
    db.prepare('UPDATE checkouts SET discount_code = ? WHERE id = ?').run(discount.code, id);
    return reply(c, id);
  });

  app.delete('/:checkoutId/discountCodes', once, (c) => {
    const id = ownCheckout(c);
    const asked = c.req.query('code')?.trim();
    const applied = checkoutTotals(db, id).discountCode;
    if (asked && applied !== null && asked.toLowerCase() !== applied.toLowerCase()) {
      throw new HttpError(422, 'That discount code is not applied to your cart.');
    }
    db.prepare('UPDATE checkouts SET discount_code = NULL WHERE id = ?').run(id);
    return reply(c, id);
  });

  app.get('/:checkoutId/estimateShipping', (c) => {
    const id = ownCheckout(c);
    const raw = c.req.query('stateId') ?? '';
    if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1) {
      throw new HttpError(400, 'Choose a state to estimate shipping.');
    }
    return c.json(estimateShipping(db, id, Number(raw)));
  });

  return app;
}
