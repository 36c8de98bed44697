import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { listAddresses } from '../accounts/addresses.ts';
import { summariseCard } from '../accounts/cards.ts';
import { isSameOrigin, requireOwnId, sameOriginJson } from '../accounts/guard.ts';
import { sessionCustomerId } from '../accounts/session.ts';
import { consumeToken, issueToken, peekToken } from '../accounts/tokens.ts';
import {
  addCard,
  deletePaymentMethod,
  listPaymentMethods,
  listTransactions,
  updatePaymentAddress,
} from '../accounts/wallet.ts';
import { escapeHtml } from '../../shared/format/escape-html.ts';
import { page, STYLE } from '../cart/html.ts';
import { PaymentMethodUpdateSchema } from '../../shared/contracts/wallet.ts';
import type { Deps } from '../deps.ts';
import { pathId, readJson } from '../http/input.ts';
import { htmlPolicy } from '../http/security-headers.ts';

/** The one script of the wallet pages: the saved page closes its popup by itself. */
export const CLOSE_SCRIPT = 'setTimeout(function(){window.close()},600)';

/** The form pages run no script; the saved page only CLOSE_SCRIPT, allowed by its hash. */
const FORM_CSP = htmlPolicy({ styles: [STYLE] });
const SAVED_CSP = htmlPolicy({ styles: [STYLE], scripts: [CLOSE_SCRIPT] });

function html(c: Context, body: string, status: ContentfulStatusCode = 200, csp = FORM_CSP) {
  c.header('content-security-policy', csp);
  c.header('cache-control', 'no-store');
  return c.html(body, status);
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

function addCardForm(
  c: Context,
  deps: Deps,
  customerId: number,
  token: string,
  error?: string,
  status: ContentfulStatusCode = 200,
) {
  const addresses = listAddresses(deps.db, customerId);
  const year = new Date(deps.now()).getUTCFullYear();
  const options = addresses
    .map(
      (a) =>
        `<option value="${a.id}"${a.isDefault ? ' selected' : ''}>${escapeHtml(`${a.firstName} ${a.lastName}, ${a.address1}, ${a.city} ${a.zip}`)}</option>`,
    )
    .join('');
  const body = `<h1>Add a payment method</h1>
<p>This is a test payment page: enter a test card such as 4242 4242 4242 4242. Only the brand, the last four digits, the expiry and the name are kept.</p>
${error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>`}
<form method="post" action="${escapeHtml(c.req.path)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<p><label>Card number<br><input name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23"></label></p>
<p><label>Expiry month<br><select name="expMonth" autocomplete="cc-exp-month">${MONTHS.map((m) => `<option>${m}</option>`).join('')}</select></label>
<label>Expiry year<br><select name="expYear" autocomplete="cc-exp-year">${Array.from({ length: 12 }, (_, i) => `<option>${year + i}</option>`).join('')}</select></label></p>
<p><label>Name on card<br><input name="name" autocomplete="cc-name" required maxlength="100"></label></p>
<p><label>Billing address<br><select name="mailingAddressId"><option value="">None</option>${options}</select></label></p>
<p><button type="submit">Save card</button></p>
</form>`;
  return html(c, page('Add a payment method', body), status);
}

/**
 * The wallet of the signed-in customer (spec: account-and-shell 2.4, 6, 7), every path with
 * the customer's own id (403 for another's):
 * - GET /api/user/{id}/transactions[?displayableId=] -> {transactions};
 * - GET /api/user/{id}/paymentMethods -> {paymentMethods, _links: {addPaymentMethod: {href}}};
 * - DELETE /api/user/{id}/paymentMethods/{pmId} -> {success}; gift-card wallets 422;
 * - PUT /api/user/{id}/paymentMethods/{pmId} {mailingAddressId, isAbtraGiftCard?} -> {success};
 * - GET and POST /api/user/{id}/paymentMethods/new?token=: the page the add link opens in a
 *   600x400 popup, a test card form. The link's single-use token (30 minutes) is the CSRF
 *   guard of that form post, with the Origin check; the page closes itself when saved.
 */
export function walletRoutes(deps: Deps): Hono {
  const { db } = deps;
  const app = new Hono();
  const csrf = sameOriginJson();

  app.get('/transactions', (c) => {
    const customerId = requireOwnId(deps, c, 'id');
    const filter = c.req.query('displayableId');
    if (filter !== undefined && filter.length > 64) {
      return c.json({ error: 'displayableId is too long.' }, 400);
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ transactions: listTransactions(db, customerId, filter) });
  });

  app.get('/paymentMethods', (c) => {
    const customerId = requireOwnId(deps, c, 'id');
    const token = issueToken(db, customerId, 'add_payment', deps.now());
    c.header('Cache-Control', 'no-store');
    return c.json({
      paymentMethods: listPaymentMethods(db, customerId),
      _links: {
        addPaymentMethod: {
          href: `/api/user/${customerId}/paymentMethods/new?token=${encodeURIComponent(token)}`,
        },
      },
    });
  });

  app.delete('/paymentMethods/:paymentMethodId', csrf, (c) => {
    const customerId = requireOwnId(deps, c, 'id');
    deletePaymentMethod(db, customerId, pathId(c.req.param('paymentMethodId'), 'payment method'));
    return c.json({ success: true });
  });

  app.put('/paymentMethods/:paymentMethodId', csrf, async (c) => {
    const customerId = requireOwnId(deps, c, 'id');
    const id = pathId(c.req.param('paymentMethodId'), 'payment method');
    const body = await readJson(c, PaymentMethodUpdateSchema);
    const paymentMethod = updatePaymentAddress(db, customerId, id, body);
    return c.json({ success: true, paymentMethod });
  });

  const message = (c: Context, title: string, text: string, status: ContentfulStatusCode) =>
    html(c, page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`), status);
  /** Whether the signed-in customer holds a live add-payment link for their own wallet. */
  const holdsLink = (c: Context, customerId: number, token: string) =>
    peekToken(db, token, 'add_payment', deps.now())?.customerId === customerId &&
    c.req.param('id') === String(customerId);
  const linkExpired = (c: Context) =>
    message(
      c,
      'Link expired',
      'This link has expired. Close this window and try again from your wallet.',
      403,
    );

  app.get('/paymentMethods/new', (c) => {
    const customerId = sessionCustomerId(c, db, deps.now());
    const token = c.req.query('token') ?? '';
    if (customerId === undefined || !holdsLink(c, customerId, token)) return linkExpired(c);
    return addCardForm(c, deps, customerId, token);
  });

  app.post('/paymentMethods/new', async (c) => {
    const customerId = sessionCustomerId(c, db, deps.now());
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
    const token = field('token');
    if (!isSameOrigin(c) || customerId === undefined || !holdsLink(c, customerId, token)) {
      return linkExpired(c);
    }
    const card = summariseCard(
      {
        number: field('number'),
        expMonth: field('expMonth'),
        expYear: field('expYear'),
        name: field('name'),
      },
      new Date(deps.now()),
    );
    if (typeof card === 'string') return addCardForm(c, deps, customerId, token, card, 422);
    // Used only once the card is accepted, so a typo can be fixed on the same page; a double
    // submit finds the token used and adds nothing twice.
    if (consumeToken(db, token, 'add_payment', deps.now()) === undefined) {
      return message(
        c,
        'Already saved',
        'This card was already saved. You can close this window.',
        409,
      );
    }
    const addressId = /^\d{1,10}$/.test(field('mailingAddressId'))
      ? Number(field('mailingAddressId'))
      : null;
    addCard(db, customerId, card, addressId);
    const body = `<h1>Payment method added</h1><p>Your card ending in ${escapeHtml(card.last4)} was saved. This window closes by itself; if it does not, close it.</p>
<script>${CLOSE_SCRIPT}</script>`;
    return html(c, page('Payment method added', body), 201, SAVED_CSP);
  });

  return app;
}
