import { storeConfig, type ChatSetting } from '../../../shared/store-config.ts';
import { env } from '../../../shared/env.ts';

/**
 * The theme's support chat, checked once at build time (spec storefront 1: "reach support by
 * phone or chat"): the entry the shell renders, and the sources it adds to the pages'
 * Content-Security-Policy. Only what the setting names is ever allowed, never a wildcard.
 */

/** What the chat entry needs in the page: the provider's script, id and global, its text. */
export interface ChatEntry {
  scriptUrl: string;
  widgetId: string;
  providerGlobal: string;
  label: string;
}

/** The CSP sources of the chat: empty lists when no chat is set. */
export interface ChatPolicySources {
  script: string[];
  connect: string[];
  frame: string[];
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
/** A host name as URL writes it (lower case, punycode): no wildcard or other CSP syntax. */
const HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;

function fail(field: string, problem: string, value: unknown): never {
  throw new Error(`Theme setting chat.${field} ${problem}, got ${JSON.stringify(value)}.`);
}

function text(field: string, value: unknown, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || value.trim().length > max) {
    fail(field, `must be a text of 1 to ${String(max)} characters`, value);
  }
  return value.trim();
}

/** An absolute URL of one of `protocols`, without user or password; else a clear error. */
function url(field: string, value: unknown, protocols: readonly string[]): URL {
  const parsed = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (
    !parsed ||
    !protocols.includes(parsed.protocol) ||
    !HOST.test(parsed.hostname) ||
    parsed.username ||
    parsed.password
  ) {
    fail(field, `must be an absolute ${protocols.join(' or ')} URL without credentials`, value);
  }
  return parsed;
}

/** A bare origin ('https://api.chat.example'), as a CSP host source; no path, no wildcard. */
function origin(field: string, value: unknown, protocols: readonly string[]): string {
  const parsed = url(field, value, protocols);
  if (value !== parsed.origin && value !== `${parsed.origin}/`) {
    fail(field, 'must be an origin (scheme, host and port only)', value);
  }
  return parsed.origin;
}

function origins(field: string, value: unknown, protocols: readonly string[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(field, 'must be a list of origins', value);
  return value.map((item, index) => origin(`${field}[${String(index)}]`, item, protocols));
}

/**
 * The chat a store has configured: SUPPORT_CHAT's when the environment sets one, else the
 * theme's, unless that is a placeholder (the demo's: a stand-in for a provider the store has
 * not chosen, which could only ever answer 'Our chat is not available right now'; issue 29).
 * Undefined means no chat: the shell offers the phone and the contact form instead
 * (src/components/shell/SupportEntry.astro), and the CSP allows no chat origin.
 * @example storeChat() // undefined in the demo
 * @example storeChat({ ...demo, placeholder: false }, undefined) // the theme's setting
 */
export function storeChat(
  theme: ChatSetting | undefined = storeConfig.theme.chat,
  override: ChatSetting | undefined = env.SUPPORT_CHAT,
): ChatSetting | undefined {
  if (override) return override;
  return theme?.placeholder ? undefined : theme;
}

/**
 * The chat entry of a theme setting, or null when the theme sets no chat. A setting that is
 * there but wrong fails the build with the field and the value.
 * @example chatEntry(undefined) // null
 * @example chatEntry({ scriptUrl: 'http://x.example/a.js', ... }) // throws: must be an https URL
 */
export function chatEntry(setting: ChatSetting | undefined): ChatEntry | null {
  if (setting === undefined) return null;
  const providerGlobal = text('providerGlobal', setting.providerGlobal, 100);
  if (!IDENTIFIER.test(providerGlobal)) {
    fail('providerGlobal', 'must be a JavaScript identifier', setting.providerGlobal);
  }
  // Checked here too, so a bad list fails the build even where no CSP is written.
  chatPolicySources(setting);
  return {
    scriptUrl: url('scriptUrl', setting.scriptUrl, ['https:']).href,
    widgetId: text('widgetId', setting.widgetId, 200),
    providerGlobal,
    label: text('label', setting.label, 40),
  };
}

/**
 * The CSP sources a chat setting adds: its script's origin to script-src, and the origins it
 * lists to connect-src and frame-src. Nothing when the theme sets no chat.
 * @example chatPolicySources({ scriptUrl: 'https://w.chat.example/l.js', ... }).script
 *   // ['https://w.chat.example']
 */
export function chatPolicySources(setting: ChatSetting | undefined): ChatPolicySources {
  if (setting === undefined) return { script: [], connect: [], frame: [] };
  return {
    script: [url('scriptUrl', setting.scriptUrl, ['https:']).origin],
    connect: origins('connectOrigins', setting.connectOrigins, ['https:', 'wss:']),
    frame: origins('frameOrigins', setting.frameOrigins, ['https:']),
  };
}
