import { openChat } from './chat-loader.ts';

/**
 * The chat entry's behaviour once a shopper first presses it (src/components/shell/
 * ChatEntry.astro imports this module then, so a page carries none of it before): a loading
 * state while the provider's script comes, the hand-over to the provider's own window, or the
 * failure message with the store's phone number (spec storefront 1: support "by phone or chat").
 */

const wired = new WeakSet<HTMLElement>();

/**
 * Opens the chat from the entry `root` (its data-script, data-widget and data-global name the
 * provider). Ignores presses while it is loading; never rejects.
 */
export async function pressChat(root: HTMLElement): Promise<void> {
  const button = root.querySelector<HTMLButtonElement>('[data-chat-open]');
  const loading = root.querySelector<HTMLElement>('[data-chat-loading]');
  const failed = root.querySelector<HTMLElement>('[data-chat-failed]');
  if (!button || !loading || !failed || button.hasAttribute('aria-busy')) return;
  if (!wired.has(root)) {
    wired.add(root);
    root.querySelector('[data-chat-dismiss]')?.addEventListener('click', () => {
      failed.hidden = true;
      button.focus();
    });
  }
  const busy = (on: boolean) => {
    button.toggleAttribute('aria-busy', on);
    loading.hidden = !on;
  };
  failed.hidden = true;
  busy(true);
  try {
    await openChat({
      scriptUrl: root.dataset['script'] ?? '',
      widgetId: root.dataset['widget'] ?? '',
      providerGlobal: root.dataset['global'] ?? '',
    });
    // The provider's own window is the chat now.
    root.hidden = true;
  } catch (error) {
    // Logged for whoever looks into it; the shopper reads the message and the phone number.
    console.warn(error);
    failed.hidden = false;
  } finally {
    busy(false);
  }
}
