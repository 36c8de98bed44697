// The exit-intent popup (ExitIntentPopup.astro).
// Run by the shell's one module (index.ts), as are the other parts of the shell.
import {
  INITIAL_SCROLL,
  leftThroughTop,
  markShown,
  mayOffer,
  onScroll,
  readShown,
  triggerKind,
} from '../../../lib/shell/exit-intent.ts';
import { signedIn } from '../../../stores/account.ts';

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

const dialog = document.querySelector<HTMLDialogElement>('[data-exit-intent]');
let opener: Element | null = null;

/** Listens for the trigger of this browser kind; opens the popup at most once. */
function arm(popup: HTMLDialogElement) {
  let scroll = INITIAL_SCROLL;
  const open = () => {
    // Another tab may have shown it meanwhile; another dialog may be open (then wait).
    if (readShown(storage())) return disarm();
    if (document.querySelector('dialog[open]')) return undefined;
    disarm();
    if (!markShown(storage())) return undefined;
    opener = document.activeElement;
    popup.showModal();
    return undefined;
  };
  const onMouseOut = (event: MouseEvent) => {
    if (leftThroughTop(event)) open();
  };
  const onPageScroll = () => {
    const next = onScroll(scroll, {
      scrollY: window.scrollY,
      pageHeight: document.documentElement.scrollHeight,
    });
    scroll = next.state;
    if (next.open) open();
  };
  const disarm = () => {
    document.removeEventListener('mouseout', onMouseOut);
    window.removeEventListener('scroll', onPageScroll);
    popup.dataset['state'] = 'off';
  };
  // spec storefront 4: the mouse leaving near the page top on desktop, a scroll up of more
  // than 10 px after passing 5 percent of the page on mobile.
  const kind = triggerKind(window.innerWidth, navigator.userAgent);
  if (kind === 'desktop') document.addEventListener('mouseout', onMouseOut);
  else window.addEventListener('scroll', onPageScroll, { passive: true });
  // data-state: which trigger listens ('desktop' or 'mobile'), or 'off' once decided that
  // the popup will not open on this page; for tests and anyone inspecting the page.
  popup.dataset['state'] = kind;
}

if (dialog && readShown(storage())) dialog.dataset['state'] = 'off';
else if (dialog) {
  // spec storefront 6: guests only; a failed user call shows nothing.
  void signedIn().then((state) => {
    if (mayOffer({ signedIn: state, alreadyShown: readShown(storage()) })) arm(dialog);
    else dialog.dataset['state'] = 'off';
  });
}

if (dialog) {
  const status = dialog.querySelector<HTMLElement>('[data-exit-intent-status]');
  dialog.querySelector('[data-exit-intent-close]')?.addEventListener('click', () => {
    dialog.close();
  });
  // A click on the backdrop (the dialog box itself, outside its content) closes it too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  // Escape closes a modal dialog natively ('cancel', then 'close').
  dialog.addEventListener('close', () => {
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    opener = null;
  });
  dialog.querySelector('[data-exit-intent-copy]')?.addEventListener('click', () => {
    const code = dialog.querySelector('[data-exit-intent-code]')?.textContent.trim() ?? '';
    navigator.clipboard.writeText(code).then(
      () => {
        if (status) status.textContent = `Code ${code} copied.`;
      },
      () => {
        if (status) status.textContent = `Copy failed: select ${code} and copy it.`;
      },
    );
  });
}
