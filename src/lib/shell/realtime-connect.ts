import { io } from 'socket.io-client';
import { hasCustomerData, REALTIME_NAMESPACE, startRealtime } from './realtime-client.ts';

/**
 * Whether the customer data call (spec account-and-shell 2.2: the shell loads it at start)
 * answers a customer; `{ customer: null }` for a guest. Asked here, after the page is idle,
 * and not before, so the first load does not wait on it.
 */
async function hasCustomer(): Promise<boolean> {
  const reply = await fetch('/api/customer', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!reply.ok) throw new Error(`GET /api/customer answered ${String(reply.status)}`);
  return hasCustomerData(await reply.json());
}

/**
 * Opens the socket to /customer and reports this page (realtime-client.ts). Loaded with a
 * dynamic import after the page is idle, so socket.io-client is never in the first load.
 */
export function connectRealtime(): () => void {
  const socket = io(REALTIME_NAMESPACE, {
    path: '/socket.io',
    // WebSocket first: a store:leave sent while the page unloads is one frame on an open
    // socket, where a long-polling request would be cancelled with the page.
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  return startRealtime({
    socket,
    target: window,
    path: () => window.location.pathname,
    hasCustomer,
    geolocation: 'geolocation' in navigator ? navigator.geolocation : undefined,
  });
}
