/**
 * A part the signed-in customer bought before (issue 32, item 8: 'Previously purchased'), as
 * GET /api/customer/orders/purchased answers it (server/routes/customer-orders.ts) and the
 * orders page reads it (src/islands/account/Orders.tsx).
 */
export interface PurchasedPart {
  sku: string;
  /** As the last order named it. */
  title: string;
  lastOrderedAt: string;
  /** The quantity and unit price (decimal string) of the last order of it. */
  lastQuantity: number;
  lastUnitPrice: string;
  /** How many orders held it. */
  orders: number;
}
