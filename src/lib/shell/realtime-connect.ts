import { getJson } from '../api/client.ts';
import {
  hasCustomerData,
  REALTIME_NAMESPACE,
  startRealtime,
  type VisitSocket,
} from './realtime-client.ts';
import { realtimeSocket, realtimeUrl } from './realtime-socket.ts';

/**
 * Whether the customer data call (spec account-and-shell 2.2: the shell loads it at start)
 * answers a customer; `{ customer: null }` for a guest. Asked here, after the page is idle,
 * and not before, so the first load does not wait on it.
 */
async function hasCustomer(): Promise<boolean> {
  return hasCustomerData(await getJson<unknown>('/api/customer'));
}

/** Reports this page through `socket` (realtime-client.ts); returns the function that stops. */
function report(socket: VisitSocket): () => void {
  return startRealtime({
    socket,
    target: window,
    path: () => window.location.pathname,
    hasCustomer,
    geolocation: 'geolocation' in navigator ? navigator.geolocation : undefined,
  });
}

/**
 * Opens the socket to /customer and reports this page. Loaded with a dynamic import after the
 * page is idle. The socket is a WebSocket speaking socket.io's protocol (realtime-socket.ts,
 * about 1 KB): a store:leave sent while the page unloads is one frame on an open socket. Only
 * when that WebSocket cannot open at all does socket.io-client load (13 KB gzipped), for its
 * long-polling transport (realtime-fallback.ts).
 */
export function connectRealtime(): () => void {
  let stop = () => {};
  const socket = realtimeSocket({
    url: realtimeUrl(window.location),
    namespace: REALTIME_NAMESPACE,
    onUnavailable: () => {
      stop();
      import('./realtime-fallback.ts')
        .then(({ socketIoSocket }) => {
          stop = report(socketIoSocket());
        })
        .catch((error: unknown) => {
          console.error('[shell] realtime is unavailable:', error);
        });
    },
  });
  stop = report(socket);
  socket.connect();
  return () => {
    stop();
  };
}
