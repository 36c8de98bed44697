import { describe, expect, it } from 'vitest';
import { checkoutPage, confirmationPage, messagePage } from './html.ts';
import type { CheckoutTotals, LineRow } from './view.ts';

const line = (over: Partial<LineRow>): LineRow => ({
  id: 1,
  inventoryLevelId: 1,
  variantId: 1,
  productId: 1,
  handle: 'wheel',
  title: 'Wheel',
  variantTitle: 'Default Title',
  sku: 'W-1',
  imageUrl: null,
  quantity: 1,
  unitPriceCents: 1000,
  availableForSale: true,
  availableQuantity: 5,
  bypassNegativeQuantity: false,
  freeShipping: true,
  ...over,
});

const totals = (lines: LineRow[], discount = 0): CheckoutTotals => {
  const subtotal = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return {
    lines,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotalCents: subtotal,
    discountCents: discount,
    discountedSubtotalCents: subtotal - discount,
    discountCode: discount > 0 ? 'SAVE' : null,
  };
};

describe('checkoutPage', () => {
  it('lists lines with the variant, quantities, line totals and the totals', () => {
    const html = checkoutPage(
      '/api/external-checkout/abc',
      totals(
        [
          line({ quantity: 2 }),
          line({ id: 2, title: 'Pump', variantTitle: 'Large', unitPriceCents: 12345 }),
        ],
        500,
      ),
    );
    expect(html).toContain(
      '<td>Wheel</td><td>W-1</td><td class="n">2</td><td class="n">$10.00</td><td class="n">$20.00</td>',
    );
    expect(html).toContain('<td>Pump (Large)</td>');
    expect(html).toContain('Discount (SAVE)</td><td class="n">-$5.00</td>');
    expect(html).toContain('<th class="n">$138.45</th>');
    expect(html).toContain('action="/api/external-checkout/abc"');
  });

  it('shows an error above the form, escaped', () => {
    const html = checkoutPage('/x', totals([line({})]), "Can't <buy>");
    expect(html).toContain('<p class="error" role="alert">Can&#39;t &lt;buy&gt;</p>');
  });

  it('has no discount row without a discount, and no form for an empty cart', () => {
    expect(checkoutPage('/x', totals([line({})]))).not.toContain('Discount');
    const empty = checkoutPage('/x', totals([]));
    expect(empty).toContain('Your cart is empty.');
    expect(empty).not.toContain('<form');
  });
});

describe('confirmation and message pages', () => {
  it('shows the order number and total', () => {
    const html = confirmationPage({ id: 1, displayableId: 'PJ000001', totalCents: 4999 });
    expect(html).toContain('<title>Order PJ000001</title>');
    expect(html).toContain('Total: $49.99');
  });

  it('escapes the title and message', () => {
    const html = messagePage('<T>', '<M>');
    expect(html).toContain('<title>&lt;T&gt;</title>');
    expect(html).toContain('<p>&lt;M&gt;</p>');
  });
});
