import { htmlToText } from '../../shared/format/html-text.ts';
import { formatCents } from './money.ts';
import type { PlacedOrder } from './place-order.ts';
import type { CheckoutTotals } from './view.ts';
import { escapeHtml } from '../../shared/format/escape-html.ts';

/** The inline style of every page; the pages' CSP allows exactly this text by its hash. */
export const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{width:100%;border-collapse:collapse}th,td{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}
td.n,th.n{text-align:right}button{font:inherit;padding:.6rem 1.4rem;background:#0a5;color:#fff;border:0;border-radius:4px;cursor:pointer}
.error{color:#a00}`;

/** A whole page around `body` (already HTML); `title` is plain text. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The external checkout page ("an external checkout page exists at webUrl so the
 * journey ends somewhere real"): the lines and totals and a form that places the order.
 * Plain HTML, no script. `error` is shown above the form when placing failed.
 */
export function checkoutPage(action: string, totals: CheckoutTotals, error?: string): string {
  if (totals.lines.length === 0) {
    return page('Checkout', '<h1>Checkout</h1>\n<p>Your cart is empty.</p>');
  }
  const rows = totals.lines
    .map((line) => {
      const variant = line.variantTitle === 'Default Title' ? '' : ` (${line.variantTitle})`;
      return `<tr><td>${escapeHtml(htmlToText(line.title + variant))}</td><td>${escapeHtml(line.sku)}</td><td class="n">${line.quantity}</td><td class="n">${formatCents(line.unitPriceCents)}</td><td class="n">${formatCents(line.unitPriceCents * line.quantity)}</td></tr>`;
    })
    .join('\n');
  const discount =
    totals.discountCents > 0
      ? `<tr><td colspan="4">Discount (${escapeHtml(totals.discountCode ?? '')})</td><td class="n">-${formatCents(totals.discountCents)}</td></tr>\n`
      : '';
  return page(
    'Checkout',
    `<h1>Checkout</h1>
${error === undefined ? '' : `<p class="error" role="alert">${escapeHtml(error)}</p>\n`}<table>
<thead><tr><th>Item</th><th>SKU</th><th class="n">Qty</th><th class="n">Price</th><th class="n">Total</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
<tr><td colspan="4">Total items</td><td class="n">${totals.totalQuantity}</td></tr>
<tr><td colspan="4">Subtotal</td><td class="n">${formatCents(totals.subtotalCents)}</td></tr>
${discount}<tr><th colspan="4">Total amount</th><th class="n">${formatCents(totals.discountedSubtotalCents)}</th></tr>
</tfoot>
</table>
<p>Shipping and tax are added when the order is confirmed.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Place order</button>
</form>`,
  );
}

/** The confirmation shown after the order was placed (and again on a later visit). */
export function confirmationPage(order: PlacedOrder): string {
  return page(
    `Order ${order.displayableId}`,
    `<h1>Thank you for your order</h1>
<p>Your order number is <strong>${escapeHtml(order.displayableId)}</strong>.</p>
<p>Total: ${formatCents(order.totalCents)}</p>
<p><a href="/">Continue shopping</a></p>`,
  );
}

/** A short page for a refusal such as an unknown checkout. */
export function messagePage(title: string, message: string): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n<p><a href="/">Back to the store</a></p>`,
  );
}
