import { useEffect, useState } from 'react';
import { accountCall, messageOf } from '../../lib/account/api.ts';
import { statusBadge } from '../../lib/account/wallet.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { Notice, type NoticeState } from './Notice.tsx';
import { useSignedInUser } from './useAccount.ts';
import './account.css';

interface Order {
  id: number;
  displayableId: string;
  status: string;
  total: string;
  createdAt: string;
  lineItems?: { title: string; sku: string; quantity: number; unitPrice: string; total: string }[];
}

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** /orders.asp: the signed-in customer's orders, newest first. */
function OrderListIsland() {
  const { user } = useSignedInUser();
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  useEffect(() => {
    if (!user) return;
    accountCall<{ orders: Order[] }>('GET', '/api/customer/orders')
      .then((reply) => setOrders(reply.orders))
      .catch((error: unknown) => {
        setOrders([]);
        setNotice({ variant: 'danger', message: messageOf(error) });
      });
  }, [user]);
  if (!user) return <p className="acct">Loading…</p>;
  return (
    <div className="acct">
      <h1>My Orders</h1>
      <Notice notice={notice} />
      {orders === null && <p role="status">Loading orders…</p>}
      {orders?.length === 0 && <p>You have no orders yet.</p>}
      {orders !== null && orders.length > 0 && (
        <div className="table-wrap" role="region" aria-label="Orders" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <a href={`/account/orders/${order.id}`}>{order.displayableId}</a>
                  </td>
                  <td>{day(order.createdAt)}</td>
                  <td>${order.total}</td>
                  <td>
                    <span className={`badge ${statusBadge(order.status)}`}>{order.status}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
            <span className={`badge ${statusBadge(order.status)}`}>{order.status}</span>
          </p>
          <div className="table-wrap" role="region" aria-label="Order lines" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Price</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {(order.lineItems ?? []).map((line, n) => (
                  <tr key={n}>
                    <td>{line.title}</td>
                    <td>{line.sku}</td>
                    <td>{line.quantity}</td>
                    <td>${line.unitPrice}</td>
                    <td>${line.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <strong>Order total: ${order.total}</strong>
          </p>
        </>
      )}
    </div>
  );
}

/** /account/orders (spec 2.6), inside the shared error boundary. */
export const OrderList = withErrorBoundary(OrderListIsland);
/** /account/order?id= (spec 2.7), inside the shared error boundary. */
export const OrderDetail = withErrorBoundary(OrderDetailIsland);
