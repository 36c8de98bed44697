import { Hono, type Context } from 'hono';
import type { Deps } from '../deps.ts';

/** The signed-in shopper as the shell reads it (spec: account-and-shell 3, User). */
export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** Customer data the shell loads at start (spec: account-and-shell 3, Customer). */
export interface CurrentCustomer {
  id: number;
  MailingAddresses: unknown[];
}

/**
 * The customer signed in on this request, or null for a guest. There is no sign-in yet, so
 * every request is a guest; issue 6 resolves the session cookie here, and every route that
 * needs the current customer asks this one function.
 */
export function resolveCustomer(_deps: Deps, _c: Context): CurrentCustomer | null {
  return null;
}

/** The user record of the signed-in shopper, or null for a guest (see resolveCustomer). */
export function resolveUser(_deps: Deps, _c: Context): CurrentUser | null {
  return null;
}

/**
 * GET /api/user -> `{ user }` and GET /api/customer -> `{ customer }`; both are null for a
 * guest (spec: account-and-shell 2.2 and 7, storefront 7: the shell loads both at start and
 * treats a null user as signed out).
 */
export function userRoutes(deps: Deps): Hono {
  const app = new Hono();
  app.get('/user', (c) => c.json({ user: resolveUser(deps, c) }));
  app.get('/customer', (c) => c.json({ customer: resolveCustomer(deps, c) }));
  return app;
}
