import { io } from 'socket.io-client';
import { REALTIME_NAMESPACE, type VisitSocket } from './realtime-client.ts';

/**
 * socket.io-client's socket to /customer, for a browser whose WebSocket could not reach the
 * server (realtime-connect.ts): long polling first, upgraded to a WebSocket when one opens.
 * Loaded only then: it is 13 KB gzipped, where the WebSocket-only client is about 1 KB.
 */
export function socketIoSocket(): VisitSocket {
  return io(REALTIME_NAMESPACE, { path: '/socket.io', transports: ['polling', 'websocket'] });
}
