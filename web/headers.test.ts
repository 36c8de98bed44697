import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeConfig, type ChatSetting } from '../shared/store-config.ts';
import { chatPolicySources } from '../src/lib/shell/chat-setting.ts';
import { contentSecurityPolicy, inlineScriptHashes, storePolicy } from './headers.ts';

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

describe('inlineScriptHashes', () => {
  const hash = (script: string) =>
    `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
  const page = [
    "<script>alert('Ø 12 mm – 50 €')</script>",
    '<SCRIPT type="module">go()</SCRIPT >',
    '<script\ttype=text/javascript>run()</script\n>',
    '<script src="/_astro/a.js"></script>',
    '<script\nsrc=/b.js></script>',
    '<script type="application/ld+json">{"@type":"Product"}</script>',
  ].join('');

  it('hashes the scripts a browser runs, not those with src or data blocks', () => {
    expect(inlineScriptHashes(page)).toEqual([
      hash("alert('Ø 12 mm – 50 €')"),
      hash('go()'),
      hash('run()'),
    ]);
  });

  it('gives the same hashes for the page read byte for byte', () => {
    const bytes = Buffer.from(page, 'utf8').toString('latin1');
    expect(inlineScriptHashes(bytes, 'latin1')).toEqual(inlineScriptHashes(page));
  });

  it("keeps to HTML's whitespace: a no-break space does not start an attribute", () => {
    // "é" is C3 A9 in UTF-8 and "à" C3 A0: read byte for byte, A0 is a no-break space, which
    // must not make "àsrc=" an src attribute.
    const tricky = '<script data-x="àsrc=1">ok()</script>';
    const bytes = Buffer.from(tricky, 'utf8').toString('latin1');
    expect(inlineScriptHashes(tricky)).toEqual([hash('ok()')]);
    expect(inlineScriptHashes(bytes, 'latin1')).toEqual([hash('ok()')]);
  });
});
