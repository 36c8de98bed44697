import { Hono, type Context } from 'hono';
import type { Customer } from '../../shared/contracts/addresses.ts';
import { listAddresses } from '../accounts/addresses.ts';
import { sessionCustomerId } from '../accounts/session.ts';
import type { Deps } from '../deps.ts';

/** The signed-in shopper as the shell reads it (spec: account-and-shell 3, User). */
export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** Whether the customer confirmed their email address (the link mailed at registration). */
  verified: boolean;
}

/** Customer data the shell loads at start: the wire contract the account stores read. */
export type CurrentCustomer = Customer;

/** The customer signed in on this request (the session cookie), or null for a guest. */
export function resolveCustomer(deps: Deps, c: Context): CurrentCustomer | null {
  const id = sessionCustomerId(c, deps.db, deps.now());
  if (id === undefined) return null;
  return { id, MailingAddresses: listAddresses(deps.db, id) };
}

/** The user record of the signed-in shopper, or null for a guest (see resolveCustomer). */
export function resolveUser(deps: Deps, c: Context): CurrentUser | null {
  const id = sessionCustomerId(c, deps.db, deps.now());
  if (id === undefined) return null;
  return findUser(deps, id) ?? null;
}

/** A customer's user record by id. */
export function findUser({ db }: Pick<Deps, 'db'>, id: number): CurrentUser | undefined {
  const row = db
    .prepare(
      `SELECT c.id, c.email, c.first_name, c.last_name, cc.verified_at FROM customers c
       LEFT JOIN customer_credentials cc ON cc.customer_id = c.id WHERE c.id = ?`,
    )
    .get(id) as
    | {
        id: number;
        email: string;
        first_name: string;
        last_name: string;
        verified_at: string | null;
      }
    | undefined;
  return (
    row && {
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      verified: row.verified_at !== null,
    }
  );
}

/**
 * GET /api/user -> `{ user }` and GET /api/customer -> `{ customer }`; both are null for a
 * guest (spec: account-and-shell 2.2 and 7, storefront 7: the shell loads both at start and
 * treats a null user as signed out). Neither may be cached: they change at sign-in.
 */
export function userRoutes(deps: Deps): Hono {
  return new Hono().get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ user: resolveUser(deps, c) });
  });
}

/** GET /api/customer -> `{ customer }`, as userRoutes. */
export function customerRoutes(deps: Deps): Hono {
  return new Hono().get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ customer: resolveCustomer(deps, c) });
  });
}
