/** How tabs of one browser tell each other the cart changed ("within 2 seconds"). */
export interface TabSync {
  /** Tells every other tab; never this one. */
  notify: () => void;
  /** Calls `onChange` when another tab changed the cart; returns the unsubscribe. */
  listen: (onChange: () => void) => () => void;
}

const CHANNEL = 'parts-store-cart';
/** The local storage key of the fallback; its value only has to change. */
export const CART_SYNC_KEY = 'cartChangedAt';

/**
 * BroadcastChannel where the browser has it, else the `storage` event of a local storage key
 * (both reach other tabs of the same origin only). A notice carries no cart: the other tab
 * reloads from the server, so it never applies a state older than the server's.
 */
export function browserTabSync(): TabSync {
  if (typeof BroadcastChannel === 'function') {
    // One instance sends and receives: a channel never hears its own messages, but another
    // instance in this same tab would, and the tab would reload for nothing.
    let channel: BroadcastChannel | undefined;
    const listeners = new Set<() => void>();
    const open = () => {
      if (channel === undefined) {
        channel = new BroadcastChannel(CHANNEL);
        channel.onmessage = () => {
          for (const listener of listeners) listener();
        };
      }
      return channel;
    };
    return {
      notify: () => open().postMessage({ type: 'cart-changed', at: Date.now() }),
      listen(onChange) {
        open();
        listeners.add(onChange);
        return () => {
          listeners.delete(onChange);
          if (listeners.size === 0) {
            channel?.close();
            channel = undefined;
          }
        };
      },
    };
  }
  return {
    notify() {
      try {
        localStorage.setItem(CART_SYNC_KEY, `${Date.now()}-${Math.random()}`);
      } catch {
        // Storage full or blocked: other tabs still catch up when they become visible.
      }
    },
    listen(onChange) {
      const onStorage = (event: StorageEvent) => {
        if (event.key === CART_SYNC_KEY) onChange();
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
