import type { ChatSetting } from './store-config.ts';

/**
 * A support chat provider as a store configures one (theme.chat, or SUPPORT_CHAT in the
 * environment): the example the tests of reading and checking the setting start from.
 */
export const CHAT_PROVIDER: ChatSetting = {
  scriptUrl: 'https://widget.chat.example/loader.js',
  widgetId: 'store-42',
  providerGlobal: 'SupportChat',
  label: 'Chat with us',
};
