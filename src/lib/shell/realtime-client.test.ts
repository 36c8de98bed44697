import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hasCustomerData,
  locate,
  startRealtime,
  visitPayload,
  type VisitSocket,
} from './realtime-client.ts';

/** A socket.io socket stand-in that records what was emitted. */
class FakeSocket implements VisitSocket {
  connected = false;
  emitted: [string, ...unknown[]][] = [];
  connects = 0;
  disconnects = 0;
  private listeners: (() => void)[] = [];
  on(_event: 'connect', listener: () => void) {
    this.listeners.push(listener);
    return this;
  }
  emit(event: 'store:visit' | 'store:leave', ...args: unknown[]) {
    this.emitted.push([event, ...args]);
    return true;
  }
  connect() {
    this.connects += 1;
    this.serverAccepts();
    return this;
  }
  disconnect() {
    this.disconnects += 1;
    this.connected = false;
    return this;
  }
  /** The server accepted the connection: 'connect' fires. */
  serverAccepts() {
    this.connected = true;
    for (const listener of this.listeners) listener();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function geolocationAnswering(answer: 'grant' | 'deny' | 'never' | 'throw') {
  return {
    getCurrentPosition: vi.fn(
      (success: PositionCallback, failure?: PositionErrorCallback | null) => {
        if (answer === 'throw') throw new Error('not allowed here');
        if (answer === 'grant') {
          success({ coords: { latitude: 45.5, longitude: -73.6 } } as GeolocationPosition);
        }
        if (answer === 'deny') failure?.({ code: 1 } as GeolocationPositionError);
      },
    ),
  };
}

function setup(
  options: { customer?: boolean | 'fails'; geo?: ReturnType<typeof geolocationAnswering> } = {},
) {
  const socket = new FakeSocket();
  const target = new EventTarget();
  let path = '/brands';
  const stop = startRealtime({
    socket,
    target: target,
    path: () => path,
    hasCustomer: () =>
      options.customer === 'fails'
        ? Promise.reject(new Error('offline'))
        : Promise.resolve(options.customer ?? false),
    geolocation: options.geo,
    locateTimeoutMs: 50,
  });
  const pagehide = (persisted: boolean) => {
    target.dispatchEvent(Object.assign(new Event('pagehide'), { persisted }));
  };
  const pageshow = (persisted: boolean) => {
    target.dispatchEvent(Object.assign(new Event('pageshow'), { persisted }));
  };
  return {
    socket,
    stop,
    pagehide,
    pageshow,
    setPath: (next: string) => {
      path = next;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('visitPayload', () => {
  it('carries the path, and coordinates only when they are valid', () => {
    expect(visitPayload('/cart.php')).toEqual({ path: '/cart.php' });
    expect(visitPayload('/', { latitude: 1, longitude: 2 })).toEqual({
      path: '/',
      coordinates: { latitude: 1, longitude: 2 },
    });
    expect(visitPayload('/', { latitude: 95, longitude: 2 })).toEqual({ path: '/' });
    expect(visitPayload('/', { latitude: Number.NaN, longitude: 2 })).toEqual({ path: '/' });
    expect(visitPayload('x')).toEqual({ path: '/x' });
  });
});

describe('hasCustomerData', () => {
  it('is true only for a customer record', () => {
    expect(hasCustomerData({ customer: { id: 3, MailingAddresses: [] } })).toBe(true);
    expect(hasCustomerData({ customer: null })).toBe(false);
    expect(hasCustomerData({})).toBe(false);
    expect(hasCustomerData(null)).toBe(false);
    expect(hasCustomerData('customer')).toBe(false);
    expect(hasCustomerData({ customer: 'x' })).toBe(false);
  });
});

describe('locate', () => {
  it('answers the coordinates the browser grants', async () => {
    await expect(locate(geolocationAnswering('grant'))).resolves.toEqual({
      latitude: 45.5,
      longitude: -73.6,
    });
  });

  it('answers undefined when refused, unsupported, throwing or never answered', async () => {
    await expect(locate(geolocationAnswering('deny'))).resolves.toBeUndefined();
    await expect(locate(undefined)).resolves.toBeUndefined();
    await expect(locate(geolocationAnswering('throw'))).resolves.toBeUndefined();
    vi.useFakeTimers();
    const pending = locate(geolocationAnswering('never'), 1000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(pending).resolves.toBeUndefined();
  });
});

describe('startRealtime', () => {
  it('sends store:visit with the path once connected, without asking a guest for location', async () => {
    const geo = geolocationAnswering('grant');
    const { socket } = setup({ customer: false, geo });
    await flush();
    expect(socket.emitted).toEqual([]);
    socket.serverAccepts();
    await flush();
    expect(socket.emitted).toEqual([['store:visit', { path: '/brands' }]]);
    expect(geo.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('adds coordinates when customer data exists and the browser grants location', async () => {
    const { socket } = setup({ customer: true, geo: geolocationAnswering('grant') });
    socket.serverAccepts();
    await flush();
    expect(socket.emitted).toEqual([
      ['store:visit', { path: '/brands', coordinates: { latitude: 45.5, longitude: -73.6 } }],
    ]);
  });

  it('sends the visit without coordinates when location is refused or customer data fails', async () => {
    const refused = setup({ customer: true, geo: geolocationAnswering('deny') });
    refused.socket.serverAccepts();
    const failing = setup({ customer: 'fails', geo: geolocationAnswering('grant') });
    failing.socket.serverAccepts();
    await flush();
    expect(refused.socket.emitted).toEqual([['store:visit', { path: '/brands' }]]);
    expect(failing.socket.emitted).toEqual([['store:visit', { path: '/brands' }]]);
  });

  it('sends the visit again after a reconnection (a restarted server forgets it)', async () => {
    const { socket } = setup();
    socket.serverAccepts();
    await flush();
    socket.connected = false;
    socket.serverAccepts();
    await flush();
    expect(socket.emitted.map(([event]) => event)).toEqual(['store:visit', 'store:visit']);
  });

  it('sends store:leave when the page goes away', async () => {
    const { socket, pagehide } = setup();
    socket.serverAccepts();
    await flush();
    pagehide(false);
    expect(socket.emitted.at(-1)).toEqual(['store:leave']);
    expect(socket.disconnects).toBe(0);
  });

  it('closes the socket for the back-forward cache and visits again on return', async () => {
    const { socket, pagehide, pageshow } = setup();
    socket.serverAccepts();
    await flush();
    pagehide(true);
    expect(socket.disconnects).toBe(1);
    pageshow(true);
    await flush();
    expect(socket.connects).toBe(1);
    expect(socket.emitted.map(([event]) => event)).toEqual([
      'store:visit',
      'store:leave',
      'store:visit',
    ]);
  });

  it('ignores a first pageshow and stops listening when stopped', () => {
    const { socket, pageshow, pagehide, stop } = setup();
    pageshow(false);
    expect(socket.connects).toBe(0);
    stop();
    pagehide(false);
    expect(socket.emitted).toEqual([]);
    expect(socket.disconnects).toBe(1);
  });

  it('does not emit a visit if the socket dropped while the payload was prepared', async () => {
    const { socket } = setup({ customer: true, geo: geolocationAnswering('never') });
    socket.serverAccepts();
    socket.connected = false;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(socket.emitted).toEqual([]);
  });
});
