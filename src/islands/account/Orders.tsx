import { useEffect, useState } from 'react';
import { accountCall, messageOf } from '../../lib/account/api.ts';
import { statusBadge } from '../../lib/account/wallet.ts';
import { padLink } from '../../lib/quick-order/pad-link.ts';
import type { PurchasedPart } from '../../../shared/contracts/purchased.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { Notice, type NoticeState } from './Notice.tsx';
import { StackedTable, type TableSpec } from './StackedTable.tsx';
import { useSignedInUser } from './useAccount.ts';
import './account.css';

interface OrderLine {
  title: string;
  sku: string;
  quantity: number;
  unitPrice: string;
  total: string;
}

interface Order {
  id: number;
  displayableId: string;
  status: string;
  total: string;
  createdAt: string;
  lineItems?: OrderLine[];
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
const badge = (status: string) => <span className={`badge ${statusBadge(status)}`}>{status}</span>;

const ORDER_TABLE: TableSpec<Order> = {
  columns: [
    {
      label: 'Order',
      cell: (order) => <a href={`/account/orders/${order.id}`}>{order.displayableId}</a>,
    },
    { label: 'Date', cell: (order) => day(order.createdAt) },
    { label: 'Total', cell: (order) => `$${order.total}` },
    { label: 'Status', cell: (order) => badge(order.status) },
  ],
  label: 'Orders',
  loading: 'Loading orders…',
  empty: 'You have no orders yet.',
  rowKey: (order) => order.id,
  stacked: false,
};

const LINE_TABLE: TableSpec<OrderLine> = {
  columns: [
    { label: 'Item', cell: (line) => line.title },
    { label: 'SKU', cell: (line) => line.sku },
    { label: 'Quantity', cell: (line) => line.quantity },
    { label: 'Price', cell: (line) => `$${line.unitPrice}` },
    { label: 'Total', cell: (line) => `$${line.total}` },
    {
      label: 'Again',
      cell: (line) =>
        line.sku ? (
          <a href={padLink(buyAgain([line]))} aria-label={`Buy ${line.title} again`}>
            Buy again
          </a>
        ) : (
          ''
        ),
    },
  ],
  label: 'Order lines',
  loading: 'Loading order…',
  empty: 'This order has no lines.',
  rowKey: (_line, n) => n,
  stacked: false,
};

/**
 * The lines of a past order as the quick-order pad takes them (issue 32, item 8): by part
 * number, with the price paid, so the pad shows what changed since instead of re-adding
 * blindly. A line without a part number cannot be ordered by one and is left out.
 */
const buyAgain = (lines: readonly OrderLine[]) =>
  lines
    .filter((line) => line.sku !== '')
    .map((line) => ({ part: line.sku, quantity: line.quantity, was: Number(line.unitPrice) }));

/** The part as the quick-order pad takes it: its last quantity, and the price paid then. */
const againLine = (part: PurchasedPart) => ({
  part: part.sku,
  quantity: part.lastQuantity,
  was: Number(part.lastUnitPrice),
});

const PURCHASED_TABLE: TableSpec<PurchasedPart> = {
  columns: [
    { label: 'Part', cell: (part) => part.title },
    { label: 'Part number', cell: (part) => part.sku },
    { label: 'Last ordered', cell: (part) => day(part.lastOrderedAt) },
    { label: 'Quantity', cell: (part) => part.lastQuantity },
    { label: 'Price paid', cell: (part) => `$${part.lastUnitPrice}` },
    {
      label: 'Again',
      cell: (part) => (
        <a href={padLink([againLine(part)])} aria-label={`Buy ${part.title} again`}>
          Buy again
        </a>
      ),
    },
  ],
  label: 'Previously purchased',
  loading: 'Loading your parts…',
  empty: 'Parts you order show here, to order again.',
  rowKey: (part) => part.sku,
  stacked: false,
};

/** /orders.asp: the signed-in customer's orders, newest first. */
function OrderListIsland() {
  const { user } = useSignedInUser();
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [parts, setParts] = useState<PurchasedPart[] | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  useEffect(() => {
    if (!user) return;
    accountCall<{ orders: Order[] }>('GET', '/api/customer/orders')
      .then((reply) => setOrders(reply.orders))
      .catch((error: unknown) => {
        setOrders([]);
        setNotice({ variant: 'danger', message: messageOf(error) });
      });
    // Issue 32, item 8: what was bought before, with when, to order again.
    accountCall<{ parts: PurchasedPart[] }>('GET', '/api/customer/orders/purchased')
      .then((reply) => setParts(reply.parts))
      .catch((error: unknown) => {
        setParts([]);
        setNotice({ variant: 'danger', message: messageOf(error) });
      });
  }, [user]);
  if (!user) return <p className="acct">Loading…</p>;
  return (
    <div className="acct">
      <h1>My Orders</h1>
      <Notice notice={notice} />
      <StackedTable {...ORDER_TABLE} rows={orders} />
      <h2>Previously purchased</h2>
      <StackedTable {...PURCHASED_TABLE} rows={parts} />
      {parts !== null && parts.length > 0 && (
        <p>
          <a className="brand-button buy-again" href={padLink(parts.map(againLine))}>
            Order these parts again
          </a>
        </p>
      )}
    </div>
  );
}

/** /account/orders/{id}: one order with its lines; the id is read from the address. */
function OrderDetailIsland() {
  const { user } = useSignedInUser();
  const [order, setOrder] = useState<Order | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  useEffect(() => {
    if (!user) return;
    const id = /\/account\/orders\/(\d{1,10})\/?$/.exec(window.location.pathname)?.[1];
    if (id === undefined) {
      setNotice({ variant: 'danger', message: 'That order was not found.' });
      return;
    }
    accountCall<{ order: Order }>('GET', `/api/customer/orders/${id}`)
      .then((reply) => setOrder(reply.order))
      .catch((error: unknown) => setNotice({ variant: 'danger', message: messageOf(error) }));
  }, [user]);
  if (!user) return <p className="acct">Loading…</p>;
  return (
    <div className="acct">
      <p>
        <a href="/orders.asp">Back to my orders</a>
      </p>
      <Notice notice={notice} />
      {order === null && notice === null && <p role="status">Loading order…</p>}
      {order !== null && (
        <>
          <h1>Order {order.displayableId}</h1>
          <p className="row">
            <span>Placed {day(order.createdAt)}</span>
            {badge(order.status)}
          </p>
          <StackedTable {...LINE_TABLE} rows={order.lineItems ?? []} />
          <p>
            <strong>Order total: ${order.total}</strong>
          </p>
          {buyAgain(order.lineItems ?? []).length > 0 && (
            <p>
              <a className="brand-button buy-again" href={padLink(buyAgain(order.lineItems ?? []))}>
                Buy this order again
              </a>
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** /account/orders (spec 2.6), inside the shared error boundary. */
export const OrderList = withErrorBoundary(OrderListIsland);
/** /account/order?id= (spec 2.7), inside the shared error boundary. */
export const OrderDetail = withErrorBoundary(OrderDetailIsland);
