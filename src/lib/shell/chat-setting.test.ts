import { describe, expect, it } from 'vitest';
import type { ChatSetting } from '../../../shared/store-config.ts';
import { storeConfig } from '../../../shared/store-config.ts';
import { CHAT_PROVIDER } from '../../../shared/store-config.testing.ts';
import { chatEntry, chatPolicySources, storeChat } from './chat-setting.ts';

/** A provider whose script has a query and whose id has spaces around it. */
const setting: ChatSetting = {
  ...CHAT_PROVIDER,
  scriptUrl: 'https://widget.chat.example/loader.js?v=2',
  widgetId: ' store-42 ',
};

describe('chatEntry', () => {
  it('shows no entry when the theme sets no chat', () => {
    expect(chatEntry(undefined)).toBeNull();
  });

  it('hands the entry its script, id (trimmed), global and label', () => {
    expect(chatEntry(setting)).toEqual({ ...setting, widgetId: 'store-42' });
  });

  it.each([
    'http://widget.chat.example/loader.js',
    '/chat/loader.js',
    'javascript:alert(1)',
    'https://user:pw@chat.example/l.js',
    'https://*.chat.example/l.js',
  ])('fails the build on chat.scriptUrl = %j, not an absolute https: URL', (scriptUrl) => {
    expect(() => chatEntry({ ...setting, scriptUrl })).toThrow(
      'Theme setting chat.scriptUrl must be an absolute https: URL',
    );
  });

  it.each([
    ['widgetId', '  ', 'must be a text of 1 to 200 characters'],
    ['providerGlobal', 'window.top', 'must be a JavaScript identifier'],
    ['providerGlobal', 'a(1)', 'must be a JavaScript identifier'],
    ['label', '', 'must be a text of 1 to 40 characters'],
  ] as const)('fails the build on chat.%s = %j', (field, value, problem) => {
    expect(() => chatEntry({ ...setting, [field]: value })).toThrow(
      `Theme setting chat.${field} ${problem}`,
    );
  });

  it('fails the build on a bad origin list, even where no policy is written', () => {
    expect(() => chatEntry({ ...setting, connectOrigins: ['https://*.chat.example'] })).toThrow(
      'Theme setting chat.connectOrigins[0]',
    );
  });
});

describe('chatPolicySources', () => {
  it('adds nothing when the theme sets no chat', () => {
    expect(chatPolicySources(undefined)).toEqual({ script: [], connect: [], frame: [] });
  });

  it("allows the script's origin only, not its path or any other host", () => {
    expect(chatPolicySources(setting)).toEqual({
      script: ['https://widget.chat.example'],
      connect: [],
      frame: [],
    });
  });

  it('adds the origins the setting lists for the open widget', () => {
    const sources = chatPolicySources({
      ...setting,
      connectOrigins: ['https://api.chat.example', 'wss://live.chat.example:8443/'],
      frameOrigins: ['https://frame.chat.example'],
    });
    expect(sources.connect).toEqual(['https://api.chat.example', 'wss://live.chat.example:8443']);
    expect(sources.frame).toEqual(['https://frame.chat.example']);
  });

  it.each([
    ['connectOrigins', '*'],
    ['connectOrigins', 'https://*.chat.example'],
    ['connectOrigins', 'https://api.chat.example/v1'],
    ['connectOrigins', 'http://api.chat.example'],
    ['frameOrigins', 'wss://frame.chat.example'],
    ['frameOrigins', "https://frame.chat.example 'unsafe-inline'"],
  ] as const)('refuses %s entry %j: only exact https (or wss) origins', (field, value) => {
    expect(() => chatPolicySources({ ...setting, [field]: [value] })).toThrow(
      `Theme setting chat.${field}[0]`,
    );
  });

  it("accepts this store's own theme", () => {
    expect(chatEntry(storeConfig.theme.chat)).not.toBeNull();
  });
});

describe('storeChat', () => {
  const configured = CHAT_PROVIDER;
  it('counts a placeholder provider as no chat, on any site (issue 29)', () => {
    expect(storeChat({ ...configured, placeholder: true }, undefined)).toBeUndefined();
  });
  it("is none for this demo store, whose theme's chat is a placeholder", () => {
    expect(storeConfig.theme.chat?.placeholder).toBe(true);
    expect(storeChat()).toBeUndefined();
  });
  it('shows a configured provider, and nothing when none is set', () => {
    expect(storeChat(configured, undefined)).toBe(configured);
    expect(storeChat(undefined, undefined)).toBeUndefined();
  });
  it("takes SUPPORT_CHAT's provider over the theme's, placeholder or not", () => {
    const fromEnv = { ...configured, widgetId: 'from-env' };
    expect(storeChat({ ...configured, placeholder: true }, fromEnv)).toBe(fromEnv);
    expect(storeChat(configured, fromEnv)).toBe(fromEnv);
  });
});
