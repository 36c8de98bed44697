// spec account-and-shell 2.2 and 7: a page-view event on each route change, and the realtime
// visit. The page view goes out at once; socket.io-client loads only after the page is idle
// (a dynamic import), so it is never part of the first load or the first paint.
// Run by the shell's one module (index.ts), as are the other parts of the shell.
import { pageView, sendPageView, whenIdle } from '../../../lib/shell/page-view.ts';

sendPageView(window, pageView(window.location, document.title));
// A return from the back-forward cache is a page view too.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) sendPageView(window, pageView(window.location, document.title));
});

whenIdle(window, () => {
  import('../../../lib/shell/realtime-connect.ts')
    .then(({ connectRealtime }) => connectRealtime())
    .catch((error: unknown) => {
      // The store works without realtime; a failed chunk or socket is only logged.
      console.error('[shell] realtime is unavailable:', error);
    });
});
