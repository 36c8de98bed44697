import { MOBILE_BREAKPOINT } from './slider.ts';

/**
 * When the exit-intent popup opens (spec storefront 2 and 4, account-and-shell 2.2): guests
 * only, once per browser, on the mouse leaving near the top of the page (desktop) or on a
 * scroll up of more than 10 px after scrolling past 5 percent of the page (mobile).
 */

/** Local storage key of the "already shown" flag (spec storefront 4: a flag stored locally). */
export const EXIT_INTENT_STORAGE_KEY = 'exitIntentPopupShown';
/** spec storefront 4: a scroll up of more than 10 px ... */
export const SCROLL_UP_PX = 10;
/** ... after scrolling past 5 percent of the page. */
export const SCROLL_ARM_FRACTION = 0.05;
/**
 * How close to the top edge the pointer must leave the page, in px. The spec says "near the
 * page top" without a number; 20 px catches a fast move towards the tabs or address bar and
 * not a move out through the sides or bottom of the window.
 */
export const TOP_EDGE_PX = 20;

/** What the page knows when deciding whether the popup may open at all. */
export interface OfferState {
  /** true signed in, false guest, undefined while GET /api/user has not answered. */
  signedIn: boolean | undefined;
  /** The flag in local storage. */
  alreadyShown: boolean;
}

/** Only a known guest who has not seen it yet gets the popup (spec storefront 6). */
export function mayOffer({ signedIn, alreadyShown }: OfferState): boolean {
  return signedIn === false && !alreadyShown;
}

/** The parts of a mouseout event the desktop trigger reads. */
export interface LeaveEvent {
  clientY: number;
  /** Where the pointer went; null when it left the document. */
  relatedTarget: unknown;
}

/**
 * Desktop trigger: the pointer left the document (no related target) through the top edge.
 * @example leftThroughTop({ clientY: 3, relatedTarget: null }) // true
 */
export function leftThroughTop(event: LeaveEvent, edge = TOP_EDGE_PX): boolean {
  return event.relatedTarget === null && Number.isFinite(event.clientY) && event.clientY <= edge;
}

/** Scroll tracking of the mobile trigger. */
export interface ScrollState {
  /** The page has been scrolled past SCROLL_ARM_FRACTION of its height. */
  armed: boolean;
  /** The lowest point reached since arming (largest scrollY); a scroll up is measured from it. */
  peak: number;
}

export const INITIAL_SCROLL: ScrollState = { armed: false, peak: 0 };

/** The page's scroll position and height when a scroll event fires. */
export interface ScrollSample {
  scrollY: number;
  /** document.documentElement.scrollHeight */
  pageHeight: number;
}

/**
 * Mobile trigger, one scroll event at a time: returns the next state and whether the popup
 * should open now.
 * @example
 * let s = INITIAL_SCROLL;
 * ({ state: s } = onScroll(s, { scrollY: 400, pageHeight: 4000 })); // armed, peak 400
 * onScroll(s, { scrollY: 385, pageHeight: 4000 }).open // true: 15 px up
 */
export function onScroll(
  state: ScrollState,
  { scrollY, pageHeight }: ScrollSample,
): { state: ScrollState; open: boolean } {
  if (!Number.isFinite(scrollY) || !Number.isFinite(pageHeight)) return { state, open: false };
  const y = Math.max(0, scrollY);
  const armed = state.armed || (pageHeight > 0 && y > pageHeight * SCROLL_ARM_FRACTION);
  if (!armed) return { state: INITIAL_SCROLL, open: false };
  const peak = state.armed ? Math.max(state.peak, y) : y;
  return { state: { armed, peak }, open: peak - y > SCROLL_UP_PX };
}

/** Mobile user agents (spec account-and-shell 2.2: "or a mobile user agent"). */
const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i;

/**
 * Which trigger a browser gets: mobile below 768 px or with a mobile user agent (spec
 * account-and-shell 2.2 and 9), desktop otherwise.
 */
export function triggerKind(viewportWidth: number, userAgent: string): 'mobile' | 'desktop' {
  return viewportWidth < MOBILE_BREAKPOINT || MOBILE_AGENT.test(userAgent) ? 'mobile' : 'desktop';
}

/** Reads the flag; a storage that throws (privacy modes) counts as "already shown". */
export function readShown(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage === undefined || storage.getItem(EXIT_INTENT_STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}

/** Sets the flag; returns false when storage refuses (the popup then stays closed anyway). */
export function markShown(
  storage: Pick<Storage, 'setItem'> | undefined,
  now = Date.now(),
): boolean {
  if (storage === undefined) return false;
  try {
    storage.setItem(EXIT_INTENT_STORAGE_KEY, new Date(now).toISOString());
    return true;
  } catch {
    return false;
  }
}
