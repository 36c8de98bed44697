import type { ListTarget } from './api-list-loader.ts';

/**
 * A fetch over fixed JSON pages keyed by path and query, for loader tests; an unknown key
 * answers 404. `calls` records the keys asked for, in order.
 */
export function fakeApi(pages: Record<string, unknown>) {
  const calls: string[] = [];
  const fetch = (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const key = `${url.pathname}${url.search}`;
    calls.push(key);
    const body = pages[key];
    return Promise.resolve(
      body === undefined
        ? new Response(JSON.stringify({ error: 'Not found.' }), { status: 404 })
        : new Response(JSON.stringify(body), { status: 200 }),
    );
  };
  return { calls, fetch };
}

/** A ListTarget that keeps entries and warnings in memory, for loader tests. */
export function memoryTarget() {
  const entries = new Map<string, Record<string, unknown>>();
  const warnings: string[] = [];
  const target: ListTarget = {
    set: ({ id, data }) => entries.set(id, data),
    clear: () => entries.clear(),
    digest: (data) => JSON.stringify(data),
    warn: (message) => warnings.push(message),
  };
  return { entries, warnings, target };
}
