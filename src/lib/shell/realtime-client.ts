/**
 * The storefront's side of the realtime connection (spec account-and-shell 7, "Realtime": a
 * socket connection to /customer; store:visit with the current path and, only when customer
 * data exists, the browser's coordinates; store:leave on exit). Framework-free: the socket,
 * the window and the geolocation are passed in, so tests drive it with fakes.
 */

/** The namespace of the realtime server (server/realtime.ts). */
export const REALTIME_NAMESPACE = '/customer';
/** How long to wait for the browser's location before sending the visit without it. */
export const LOCATE_TIMEOUT_MS = 8000;
/** A position up to 10 minutes old is good enough to place a visitor on a map. */
export const LOCATE_MAX_AGE_MS = 10 * 60 * 1000;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** What store:visit carries (the shape server/realtime.ts parseVisit accepts). */
export interface VisitPayload {
  path: string;
  coordinates?: Coordinates;
}

/** The visit of the page at `path`, with coordinates only when there are valid ones. */
export function visitPayload(path: string, coordinates?: Coordinates): VisitPayload {
  const safePath = path.startsWith('/') ? path : `/${path}`;
  if (
    coordinates &&
    Number.isFinite(coordinates.latitude) &&
    Number.isFinite(coordinates.longitude) &&
    Math.abs(coordinates.latitude) <= 90 &&
    Math.abs(coordinates.longitude) <= 180
  ) {
    return {
      path: safePath,
      coordinates: { latitude: coordinates.latitude, longitude: coordinates.longitude },
    };
  }
  return { path: safePath };
}

/** Whether a reply of GET /api/customer holds customer data (`{ customer: { id, ... } }`). */
export function hasCustomerData(reply: unknown): boolean {
  if (reply === null || typeof reply !== 'object') return false;
  const customer = (reply as { customer?: unknown }).customer;
  return customer !== null && typeof customer === 'object' && 'id' in customer;
}

/**
 * The browser's location, or undefined when it is refused, unavailable or too slow. Never
 * rejects: a visit goes out with or without coordinates.
 */
export function locate(
  geolocation: Pick<Geolocation, 'getCurrentPosition'> | undefined,
  timeoutMs = LOCATE_TIMEOUT_MS,
): Promise<Coordinates | undefined> {
  if (!geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    // Our own timer too: a permission prompt nobody answers never calls back at all.
    const timer = setTimeout(() => {
      resolve(undefined);
    }, timeoutMs);
    const done = (value: Coordinates | undefined) => {
      clearTimeout(timer);
      resolve(value);
    };
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => {
          done({ latitude: coords.latitude, longitude: coords.longitude });
        },
        () => {
          done(undefined);
        },
        { timeout: timeoutMs, maximumAge: LOCATE_MAX_AGE_MS, enableHighAccuracy: false },
      );
    } catch {
      done(undefined);
    }
  });
}

/** The part of a socket.io client socket this module uses. */
export interface VisitSocket {
  readonly connected: boolean;
  on: (event: 'connect', listener: () => void) => unknown;
  emit: (event: 'store:visit' | 'store:leave', ...args: unknown[]) => unknown;
  connect: () => unknown;
  disconnect: () => unknown;
}

export interface RealtimeOptions {
  socket: VisitSocket;
  /** The window (pagehide and pageshow listeners). */
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The current path (location.pathname). */
  path: () => string;
  /** Whether customer data exists; a failure counts as none. */
  hasCustomer: () => Promise<boolean>;
  /** The browser's location (navigator.geolocation), asked only when customer data exists. */
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | undefined;
  locateTimeoutMs?: number;
}

/**
 * Reports this page to the realtime server: store:visit on every (re)connection, so a
 * restarted server learns about the page again, and store:leave when the page is hidden
 * for good or put into the back-forward cache (where the socket is closed and reopened on
 * return). Returns a function that stops it.
 */
export function startRealtime(options: RealtimeOptions): () => void {
  const { socket, target, path, geolocation } = options;
  let visit: Promise<VisitPayload> | undefined;
  const payload = () => {
    visit ??= options
      .hasCustomer()
      .catch(() => false)
      .then(async (customer) =>
        visitPayload(
          path(),
          customer ? await locate(geolocation, options.locateTimeoutMs) : undefined,
        ),
      );
    return visit;
  };
  const sendVisit = () => {
    void payload().then((body) => {
      if (socket.connected) socket.emit('store:visit', body);
    });
  };
  const onHide = (event: Event) => {
    socket.emit('store:leave');
    // A page kept in the back-forward cache must not hold its socket open.
    if ((event as PageTransitionEvent).persisted) socket.disconnect();
  };
  const onShow = (event: Event) => {
    if ((event as PageTransitionEvent).persisted && !socket.connected) socket.connect();
  };

  socket.on('connect', sendVisit);
  if (socket.connected) sendVisit();
  target.addEventListener('pagehide', onHide);
  target.addEventListener('pageshow', onShow);
  return () => {
    target.removeEventListener('pagehide', onHide);
    target.removeEventListener('pageshow', onShow);
    socket.disconnect();
  };
}
