import { Hono } from 'hono';
import { z } from 'zod';
import { deleteAddress, saveAddress } from '../accounts/addresses.ts';
import { requireCustomerId, requireOwnId, sameOriginJson } from '../accounts/guard.ts';
import type { Deps } from '../deps.ts';
import { pathId, readJson } from '../http/input.ts';

const text = (max: number) => z.string().max(max).optional();

/** An address payload (spec 7: "JSON address fields (empty dropped), countryCode, stateCode"). */
export const AddressBody = z.strictObject({
  firstName: text(100),
  lastName: text(100),
  company: text(200),
  address1: text(200),
  address2: text(200),
  city: text(100),
  zip: text(20),
  phone: text(40),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2,3}$/, 'countryCode must be a country code such as US.')
    .optional(),
  stateCode: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,10}$/, 'stateCode must be a state code such as TX.')
    .optional(),
  makeDefault: z.boolean().optional(),
  // Read-only fields the client may echo back; ignored.
  id: z.unknown().optional(),
  isDefault: z.unknown().optional(),
});

/**
 * Mailing addresses of the signed-in customer (spec: account-and-shell 2.3, 6, 7):
 * - POST /api/mailingAddresses {fields} -> 201 {mailingAddress} (ours: the spec shows no create);
 * - PUT /api/mailingAddresses/{id} {fields, makeDefault} -> {mailingAddress};
 * - DELETE /api/customer/{customerId}/mailingAddresses/{id} -> {success: true}.
 * Another customer's address is 404; another customer's id in the path is 403.
 * Mounted at /api/mailingAddresses; the DELETE is customerAddressRoutes.
 */
export function addressRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.use('*', sameOriginJson());

  app.post('/', async (c) => {
    const customerId = requireCustomerId(deps, c);
    const body = await readJson(c, AddressBody);
    return c.json({ mailingAddress: saveAddress(deps.db, customerId, undefined, body) }, 201);
  });

  app.put('/:id', async (c) => {
    const customerId = requireCustomerId(deps, c);
    const id = pathId(c.req.param('id'), 'address');
    const body = await readJson(c, AddressBody);
    return c.json({ mailingAddress: saveAddress(deps.db, customerId, id, body) });
  });

  return app;
}

/**
 * DELETE /api/customer/{customerId}/mailingAddresses/{id} -> {success: true} (spec:
 * account-and-shell 7), mounted at /api/customer/:customerId/mailingAddresses.
 */
export function customerAddressRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.use('*', sameOriginJson());
  app.delete('/:id', (c) => {
    const customerId = requireOwnId(deps, c, 'customerId');
    deleteAddress(deps.db, customerId, pathId(c.req.param('id'), 'address'));
    return c.json({ success: true });
  });
  return app;
}
