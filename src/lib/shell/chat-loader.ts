/**
 * Loads the theme's chat provider when a shopper opens the chat entry, never before (spec
 * storefront 1: support "by phone or chat"; loaded only when used). The
 * entry (src/components/shell/ChatEntry.astro) imports it, with chat-entry.ts, on its first
 * use, so a page carries none of it until then.
 */

/** The provider as the entry's data attributes name it (src/lib/shell/chat-setting.ts). */
export interface ChatProvider {
  scriptUrl: string;
  widgetId: string;
  providerGlobal: string;
}

/** The call a provider's script defines: `SupportChat('open', { widgetId })`. */
type ProviderCall = (command: 'open', options: { widgetId: string }) => unknown;

/** How long the provider's script may take before the entry gives up and offers the phone. */
export const CHAT_LOAD_TIMEOUT_MS = 15_000;

/** Why the chat did not open; the entry shows the same message for each. */
export class ChatUnavailableError extends Error {
  readonly reason: 'load-failed' | 'timeout' | 'no-provider' | 'provider-failed';
  constructor(reason: ChatUnavailableError['reason'], detail: string) {
    super(`The support chat could not be opened (${reason}): ${detail}`);
    this.name = 'ChatUnavailableError';
    this.reason = reason;
  }
}

/** The parts of the browser the loader touches; tests pass their own. */
export interface ChatHost {
  document: Pick<Document, 'createElement' | 'head'>;
  window: Pick<Window, 'setTimeout' | 'clearTimeout'> & Record<string, unknown>;
  timeoutMs?: number;
}

const browser = (): ChatHost => ({
  document,
  window: window as unknown as ChatHost['window'],
});

/** The provider's call, once its script defined it. */
function providerCall(host: ChatHost, provider: ChatProvider): ProviderCall | undefined {
  const call = host.window[provider.providerGlobal];
  return typeof call === 'function' ? (call as ProviderCall) : undefined;
}

/** Adds the provider's script once; resolves when it ran, rejects when it failed or hung. */
function loadScript(host: ChatHost, provider: ChatProvider): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = host.document.createElement('script');
    const timer = host.window.setTimeout(() => {
      script.remove();
      reject(new ChatUnavailableError('timeout', provider.scriptUrl));
    }, host.timeoutMs ?? CHAT_LOAD_TIMEOUT_MS);
    script.onload = () => {
      host.window.clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      host.window.clearTimeout(timer);
      // A failed script stays failed: the next try adds a fresh one.
      script.remove();
      reject(new ChatUnavailableError('load-failed', provider.scriptUrl));
    };
    script.async = true;
    script.src = provider.scriptUrl;
    host.document.head.append(script);
  });
}

let loading: Promise<void> | undefined;

/**
 * Opens the provider's chat: loads its script the first time (one load at a time; after a
 * failure the next call tries again), then calls its global with the store's widget id.
 * Rejects with a ChatUnavailableError, never throws.
 * @example await openChat({ scriptUrl, widgetId: 'store-42', providerGlobal: 'SupportChat' })
 */
export async function openChat(provider: ChatProvider, host: ChatHost = browser()): Promise<void> {
  if (!providerCall(host, provider)) {
    loading ??= loadScript(host, provider).finally(() => {
      loading = undefined;
    });
    await loading;
  }
  const call = providerCall(host, provider);
  if (!call) {
    throw new ChatUnavailableError(
      'no-provider',
      `${provider.scriptUrl} did not define ${provider.providerGlobal}`,
    );
  }
  try {
    call('open', { widgetId: provider.widgetId });
  } catch (error) {
    throw new ChatUnavailableError(
      'provider-failed',
      error instanceof Error ? error.message : String(error),
    );
  }
}
