/**
 * The page-view event of the shell (spec account-and-shell 2.2: "A page-view event is sent on
 * each route change"). Every route of this static store is a page load, so each load (and
 * each return from the back-forward cache) is one page view. It goes to `window.dataLayer`,
 * where a tag manager picks it up, and as a `store:pageview` DOM event for scripts of the
 * page itself.
 */

/** The DOM event name dispatched on window. */
export const PAGE_VIEW_EVENT = 'store:pageview';

export interface PageView {
  event: 'page_view';
  page_path: string;
  page_location: string;
  page_title: string;
}

/** The page view of a location and a document title. */
export function pageView(
  location: Pick<Location, 'pathname' | 'search' | 'href'>,
  title: string,
): PageView {
  return {
    event: 'page_view',
    page_path: `${location.pathname}${location.search}`,
    page_location: location.href,
    page_title: title,
  };
}

/** What sendPageView needs of the window. */
export interface PageViewTarget {
  dataLayer?: unknown;
  dispatchEvent: (event: Event) => boolean;
}

/** Pushes the view to dataLayer (made when missing) and dispatches it as a DOM event. */
export function sendPageView(target: PageViewTarget, view: PageView): void {
  if (!Array.isArray(target.dataLayer)) target.dataLayer = [];
  (target.dataLayer as unknown[]).push(view);
  target.dispatchEvent(new CustomEvent(PAGE_VIEW_EVENT, { detail: view }));
}

/** What whenIdle needs of the window. */
export interface IdleTarget {
  document: Pick<Document, 'readyState'>;
  addEventListener: (type: 'load', listener: () => void, options: { once: true }) => void;
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
}

/**
 * Runs `work` once the page has loaded and the browser is idle (at most `timeoutMs` after
 * load), so nothing it loads competes with the first paint.
 */
export function whenIdle(target: IdleTarget, work: () => void, timeoutMs = 4000): void {
  const idle = () => {
    if (target.requestIdleCallback) target.requestIdleCallback(work, { timeout: timeoutMs });
    else target.setTimeout(work, 1);
  };
  if (target.document.readyState === 'complete') idle();
  else target.addEventListener('load', idle, { once: true });
}
