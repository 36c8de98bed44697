import { describe, expect, it } from 'vitest';
import { storeConfig } from '../../../src/lib/config/store-config.ts';
import { chatPolicySources } from '../../../src/lib/shell/chat-setting.ts';
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

  it("writes this store's chat into the policy both web servers send", () => {
    const chat = storeConfig.theme.chat;
    const policy = storePolicy([], false, 'http://localhost:4321');
    if (chat) {
      expect(directive(policy, 'script-src')).toContain(new URL(chat.scriptUrl).origin);
    } else {
      expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    }
  });

  it("keeps a placeholder chat's origin out of a public site's policy (issue 28)", () => {
    expect(storeConfig.theme.chat?.placeholder).toBe(true);
    const policy = storePolicy([], false, 'https://shop.example.com');
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
  });
});
