import type { Server as HttpServer } from 'node:http';

export interface Realtime {
  /** Visitors currently on the store (store:visit seen, store:leave or disconnect not yet). */
  visitors: () => number;
  close: () => Promise<void>;
}

// Placeholder: the socket.io /customer namespace is filled in by the route work of issue 2.
export function attachRealtime(_server: HttpServer): Realtime {
  return { visitors: () => 0, close: async () => {} };
}
