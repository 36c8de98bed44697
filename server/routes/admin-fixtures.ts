import type { ProductInput } from '../catalog/input.ts';
import { upsertCollection } from '../catalog/write.ts';
import { testApp, TEST_ADMIN_TOKEN } from '../testing/app.ts';

/** The merchandiser's Authorization header on a test app. */
export const ADMIN_AUTH = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

/** A fresh test app holding the 'wheels' collection that {@link loadWheel} belongs to. */
export function wheelsApp(): ReturnType<typeof testApp> {
  const made = testApp();
  upsertCollection(made.db, { handle: 'wheels', title: 'Wheels' });
  return made;
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
