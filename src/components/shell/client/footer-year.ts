// The footer's copyright year (Footer.astro).
// Run by the shell's one module (index.ts), as are the other parts of the shell.
import { copyrightText } from '../../../lib/shell/copyright.ts';

// The page was built in some year; the reader's clock says which year it is now.
const line = document.querySelector<HTMLElement>('[data-copyright]');
if (line) {
  const text = copyrightText(new Date().getFullYear(), line.dataset['storeName'] ?? '');
  if (line.textContent.trim() !== text) line.textContent = text;
}
