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
