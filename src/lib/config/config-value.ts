import { storeConfig, type StoreConfig } from '../../../shared/store-config.ts';

/** Dotted paths into an object type: 'theme.featuredProducts.url'. */
type Paths<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? { [K in keyof T & string]: K | `${K}.${Paths<T[K]>}` }[keyof T & string]
    : never;

export type ConfigPath = Paths<StoreConfig>;

type ValueAt<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? ValueAt<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/**
 * Reads one configured value by its dotted path. A path that is not configured throws the
 * spec's error (storefront 1): 'Path {name} not found in config.'
 * @example configValue('theme.storeCurrency') // 'USD'
 */
export function configValue<P extends ConfigPath>(
  path: P,
  config: StoreConfig = storeConfig,
): ValueAt<StoreConfig, P> {
  return lookup(config, path) as ValueAt<StoreConfig, P>;
}

/** The untyped lookup behind configValue, for paths that come from data. */
export function lookup(config: object, path: string): unknown {
  let node: unknown = config;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) {
      throw new Error(`Path ${path} not found in config.`);
    }
    node = (node as Record<string, unknown>)[key];
  }
  if (node === undefined) throw new Error(`Path ${path} not found in config.`);
  return node;
}
