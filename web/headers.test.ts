import { describe, expect, it } from 'vitest';
import { storeConfig, type ChatSetting } from '../shared/store-config.ts';
import { chatPolicySources } from '../src/lib/shell/chat-setting.ts';
import { contentSecurityPolicy, storePolicy } from './headers.ts';

/** The sources of one directive of a policy. */
function directive(policy: string, name: string): string[] {
  const found = policy.split('; ').find((part) => part.startsWith(`${name} `));
  return found?.split(' ').slice(1) ?? [];
}

const base = { scriptHashes: [], frameHosts: [], imageHosts: [], recaptcha: false };

describe('the support chat in the pages’ CSP', () => {
  it('allows no chat origin when the theme sets no chat', () => {
    const policy = contentSecurityPolicy({ ...base, chat: chatPolicySources(undefined) });
    expect(policy).toBe(contentSecurityPolicy(base));
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'self'"]);
  });

  it("allows the configured script's origin, and the listed origins, nothing wider", () => {
    const policy = contentSecurityPolicy({
      ...base,
      chat: chatPolicySources({
        scriptUrl: 'https://widget.chat.example/v2/loader.js',
        widgetId: 'store-42',
        providerGlobal: 'SupportChat',
        label: 'Chat with us',
        connectOrigins: ['wss://live.chat.example'],
        frameOrigins: ['https://frame.chat.example'],
      }),
    });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://widget.chat.example',
    ]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'wss://live.chat.example']);
    expect(directive(policy, 'frame-src')).toEqual(["'self'", 'https://frame.chat.example']);
    // No wildcard and no bare scheme anywhere.
    expect(policy).not.toContain('*');
    expect(policy.split(/[ ;]+/)).not.toContain('https:');
  });

  it('writes a configured chat into the policy both web servers send', () => {
    const chat = { ...storeConfig.theme.chat, placeholder: false } as ChatSetting;
    const policy = storePolicy([], false, chat);
    expect(directive(policy, 'script-src')).toContain(new URL(chat.scriptUrl).origin);
  });

  it("keeps the demo's placeholder chat out of every policy, local or public (issue 29)", () => {
    expect(storeConfig.theme.chat?.placeholder).toBe(true);
    // What the build writes for this store (no SUPPORT_CHAT in the tests' environment).
    const policy = storePolicy([], false);
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-src')).not.toContain(
      new URL(storeConfig.theme.chat?.scriptUrl ?? 'https://x.example').origin,
    );
  });
});
