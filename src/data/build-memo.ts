/**
 * Values made once per build from the content store and shared by every page (DESIGN, build
 * pipeline 7). The publisher's warm renderer changes the store in place between publishes
 * (publisher/warm): it forgets them all at once (forgetBuildMemos), and the next
 * page makes them again from the changed store.
 */

/**
 * Every memo's forget function, in one set on globalThis: the bundle's copy of this module and
 * the warm renderer's own copy share it.
 */
const forgetters: Set<() => void> = ((globalThis as Record<symbol, Set<() => void> | undefined>)[
  Symbol.for('parts-store.buildMemos')
] ??= new Set());

/** Forgets every memo: called by the warm renderer after it changed the store. */
export function forgetBuildMemos(): void {
  for (const forget of forgetters) forget();
}

/** `make()` once, until the warm renderer changes the store. */
export function buildMemo<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  forgetters.add(() => {
    made = undefined;
  });
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** A map of values made once per key, forgotten with the others. */
export function buildMemoMap<K, V>(make: (key: K) => V): (key: K) => V {
  const values = new Map<K, V>();
  forgetters.add(() => values.clear());
  return (key) => {
    if (!values.has(key)) values.set(key, make(key));
    return values.get(key) as V;
  };
}

/**
 * A value made from a list of records, kept per key while the list holds the same records
 * (compared by identity) and `context` (a short text: a digest of anything long, which each
 * key would otherwise keep a copy of) is the same: unlike the memos above, it outlives the warm
 * renderer's change of the store, which replaces the records it changes and keeps the others,
 * so that a price change lists the model pages again without grouping the parts of 3,000
 * models that do not have the product (2 s at 100,000 products).
 */
export function recordsMemo<K, R, V>(): (
  key: K,
  records: readonly R[],
  context: string,
  make: () => V,
) => V {
  const kept = new Map<K, { records: readonly R[]; context: string; value: V }>();
  return (key, records, context, make) => {
    const before = kept.get(key);
    if (
      before?.context === context &&
      before.records.length === records.length &&
      before.records.every((record, i) => record === records[i])
    )
      return before.value;
    const value = make();
    kept.set(key, { records, context, value });
    return value;
  };
}
