import type { ProductInput } from '../catalog/input.ts';
import { upsertCollection } from '../catalog/write.ts';
import type { Database } from '../db/open.ts';
import { appPerTest, jsonInit, TEST_ADMIN_TOKEN } from '../testing/app.ts';

/** The merchandiser's Authorization header on a test app. */
export const ADMIN_AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** Where the merchandiser API is mounted, as test requests reach it. */
export const ADMIN_BASE = 'http://localhost/api/admin';

/** Adds the 'wheels' collection that {@link loadWheel} belongs to. */
export const seedWheels = (db: Database): void => {
  upsertCollection(db, { handle: 'wheels', title: 'Wheels' });
};

/**
 * A fresh test app for each test (appPerTest, seeded by `seed`), and `send`, which calls its
 * merchandiser API with a JSON body and the token (or the `headers` given instead).
 */
export function adminPerTest<T = void>(seed: (db: Database) => T = () => undefined as T) {
  const ctx = appPerTest(seed);
  const send = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = ADMIN_AUTH,
  ) => ctx.app.request(`${ADMIN_BASE}${path}`, jsonInit(method, body, headers));
  return { ctx, send };
}

/** A one-variant product in 'wheels', for the admin route tests; `extra` overrides fields. */
export const loadWheel = (extra: Partial<ProductInput> = {}): ProductInput => ({
  handle: 'load-wheel',
  title: 'Load Wheel',
  price: 42.5,
  collections: ['wheels'],
  variants: [{ title: 'Default Title', price: 42.5, inventory: { availableQuantity: 3 } }],
  ...extra,
});
