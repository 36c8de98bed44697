export {
  storeConfig,
  type ChatSetting,
  type NavLink,
  type StoreConfig,
} from '../../../shared/store-config.ts';
export { configValue, lookup, type ConfigPath } from './config-value.ts';
