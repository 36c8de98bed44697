import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isSameOrigin } from '../accounts/guard.ts';
import { sessionCustomerId } from '../accounts/session.ts';
import { checkoutPage, confirmationPage, messagePage, STYLE } from '../cart/html.ts';
import { orderOfCheckout, placeOrder } from '../cart/place-order.ts';
import {
  CHECKOUT_COOKIE,
  checkoutExists,
  clearCheckoutCookie,
  isCheckoutId,
} from '../cart/session.ts';
import { checkoutTotals } from '../cart/view.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { htmlPolicy } from '../http/security-headers.ts';

/** No scripts, no outside resources, the page's own style, forms only back to this origin. */
const CSP = htmlPolicy({ styles: [STYLE] });

function html(c: Context, body: string, status: ContentfulStatusCode = 200) {
  c.header('content-security-policy', CSP);
  c.header('cache-control', 'no-store');
  return c.html(body, status);
}

/**
 * The external checkout at webUrl ("so the journey ends somewhere real"; spec
 * storefront 4: what it does after the shopper leaves is not shown). The path id is the
 * capability: it is long and random, and it is what webUrl carries.
 * - GET /:checkoutId: an HTML page with the lines, the totals and a "Place order" form;
 *   a placed checkout shows its confirmation again; unknown: 404 HTML.
 * - POST /:checkoutId: places the order (orders row with a displayable id and the total),
 *   clears the cart cookie when it named this checkout and answers a confirmation page;
 *   a post without the store's Origin gets 403 and places nothing.
 */
export function externalCheckoutRoutes({ db, now }: Deps): Hono {
  const app = new Hono();

  const notFound = (c: Context) =>
    html(c, messagePage('Checkout not found', 'This checkout does not exist or has expired.'), 404);

  app.get('/:checkoutId', (c) => {
    const id = c.req.param('checkoutId');
    if (!isCheckoutId(id)) return notFound(c);
    const placed = orderOfCheckout(db, id);
    if (placed !== undefined) return html(c, confirmationPage(placed));
    if (!checkoutExists(db, id)) return notFound(c);
    return html(c, checkoutPage(c.req.path, checkoutTotals(db, id)));
  });

  app.post('/:checkoutId', (c) => {
    const id = c.req.param('checkoutId');
    if (!isCheckoutId(id)) return notFound(c);
    // the page's own form only. It is a plain form post (a JSON type cannot
    // be asked of it), so the Origin alone tells it from another site's form.
    if (!isSameOrigin(c)) {
      return html(
        c,
        messagePage('Order not placed', 'Place your order from the checkout page itself.'),
        403,
      );
    }
    const placed = orderOfCheckout(db, id);
    if (placed !== undefined) return html(c, confirmationPage(placed)); // a double submit
    if (!checkoutExists(db, id)) return notFound(c);
    try {
      const order = placeOrder(db, id, sessionCustomerId(c, db, now()) ?? null);
      if (getCookie(c, CHECKOUT_COOKIE) === id) clearCheckoutCookie(c);
      return html(c, confirmationPage(order));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return html(c, checkoutPage(c.req.path, checkoutTotals(db, id), error.message), error.status);
    }
  });

  return app;
}
