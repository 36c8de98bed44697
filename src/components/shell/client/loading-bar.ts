// The loading bar (LoadingBar.astro) shows while the page waits on the API.
// Run by the shell's one module (index.ts), as are the other parts of the shell.
import { $loading } from '../../../stores/loading.ts';

const bar = document.querySelector<HTMLElement>('[data-loading-bar]');
if (bar) {
  $loading.subscribe((loading) => {
    bar.hidden = !loading;
  });
}
