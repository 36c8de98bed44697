export { storeConfig, type ChatSetting, type NavLink, type StoreConfig } from './store-config.ts';
export { configValue, lookup, type ConfigPath } from './config-value.ts';
