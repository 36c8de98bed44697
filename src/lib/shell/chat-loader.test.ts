import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_LOAD_TIMEOUT_MS,
  ChatUnavailableError,
  openChat,
  type ChatHost,
  type ChatProvider,
} from './chat-loader.ts';

const provider: ChatProvider = {
  scriptUrl: 'https://chat.provider.example/widget.js',
  widgetId: 'store-42',
  providerGlobal: 'SupportChat',
};

interface FakeScript {
  src: string;
  async: boolean;
  removed: boolean;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  remove: () => void;
}

/** A page with a head to add scripts to; `scripts` are those added, in order. */
function fakeHost(timeoutMs?: number) {
  const scripts: FakeScript[] = [];
  const win: Record<string, unknown> = {
    setTimeout: globalThis.setTimeout,
    clearTimeout: globalThis.clearTimeout,
  };
  const host = {
    document: {
      createElement: (tag: string) => {
        expect(tag).toBe('script');
        const script: FakeScript = {
          src: '',
          async: false,
          removed: false,
          onload: null,
          onerror: null,
          remove: () => {
            script.removed = true;
          },
        };
        return script;
      },
      head: { append: (script: FakeScript) => scripts.push(script) },
    },
    window: win,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  } as unknown as ChatHost;
  /** What the provider's script does when it runs: defines its global. */
  const runProvider = (call: (...args: unknown[]) => unknown) => {
    win['SupportChat'] = call;
    scripts.at(-1)?.onload?.();
  };
  return { host, scripts, win, runProvider };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('openChat', () => {
  it("adds the provider's script once, then calls its global with the widget id", async () => {
    const { host, scripts, runProvider } = fakeHost();
    const call = vi.fn();
    const opened = openChat(provider, host);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatchObject({ src: provider.scriptUrl, async: true });
    expect(call).not.toHaveBeenCalled();
    runProvider(call);
    await opened;
    expect(call).toHaveBeenCalledExactlyOnceWith('open', { widgetId: 'store-42' });
  });

  it('shares one script between calls made while it loads', async () => {
    const { host, scripts, runProvider } = fakeHost();
    const call = vi.fn();
    const first = openChat(provider, host);
    const second = openChat(provider, host);
    expect(scripts).toHaveLength(1);
    runProvider(call);
    await Promise.all([first, second]);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('calls a provider already on the page without loading its script again', async () => {
    const { host, scripts, win } = fakeHost();
    const call = vi.fn();
    win['SupportChat'] = call;
    await openChat(provider, host);
    expect(scripts).toHaveLength(0);
    expect(call).toHaveBeenCalledWith('open', { widgetId: 'store-42' });
  });

  it('rejects when the script fails to load, and loads a fresh one on the next try', async () => {
    const { host, scripts, runProvider } = fakeHost();
    const failed = openChat(provider, host);
    scripts[0]?.onerror?.();
    await expect(failed).rejects.toMatchObject({
      name: 'ChatUnavailableError',
      reason: 'load-failed',
    });
    expect(scripts[0]?.removed).toBe(true);

    const call = vi.fn();
    const retried = openChat(provider, host);
    expect(scripts).toHaveLength(2);
    runProvider(call);
    await retried;
    expect(call).toHaveBeenCalledOnce();
  });

  it('rejects when the script ran but defined no provider', async () => {
    const { host, scripts } = fakeHost();
    const opened = openChat(provider, host);
    scripts[0]?.onload?.();
    await expect(opened).rejects.toThrow(
      'https://chat.provider.example/widget.js did not define SupportChat',
    );
  });

  it("rejects when the provider's own call throws", async () => {
    const { host, runProvider } = fakeHost();
    const opened = openChat(provider, host);
    runProvider(() => {
      throw new TypeError('widget id unknown');
    });
    const error: unknown = await opened.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ChatUnavailableError);
    expect(error).toMatchObject({ reason: 'provider-failed' });
    expect(String(error)).toContain('widget id unknown');
  });

  it('gives up on a script that hangs, after the timeout', async () => {
    vi.useFakeTimers();
    const { host, scripts } = fakeHost();
    const opened = openChat(provider, host);
    const outcome = opened.catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(CHAT_LOAD_TIMEOUT_MS - 1);
    expect(scripts[0]?.removed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ reason: 'timeout' });
    expect(scripts[0]?.removed).toBe(true);
  });

  it('takes a shorter timeout from its host', async () => {
    const { host } = fakeHost(5);
    await expect(openChat(provider, host)).rejects.toMatchObject({ reason: 'timeout' });
  });
});
