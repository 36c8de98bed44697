import { Hono } from 'hono';
import { z } from 'zod';
import {
  FLEET_MAX,
  machineKey,
  parseFleet,
  readMachine,
  serializeFleet,
  type FleetMachine,
} from '../../shared/fitment/fleet.ts';
import { requireCustomerId, sameOriginJson } from '../accounts/guard.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { readJson } from '../http/input.ts';

/** A machine as the browser reads one (shared/fitment/fleet.ts readMachine), or an issue. */
const fleetMachine = z.unknown().transform((raw, context): FleetMachine => {
  const machine = readMachine(raw);
  if (machine) return machine;
  context.addIssue({
    code: 'custom',
    message:
      'must be a machine: brand and model (1 to 100 and 1 to 60 characters), their handles, an optional serial (64) and nickname (60)',
  });
  return z.NEVER;
});

/** A fleet as PUT takes it: every machine must read (a guest's browser checked them too). */
const fleetBody = z
  .object({
    fleet: z
      .object({
        machines: z.array(fleetMachine).max(FLEET_MAX),
        active: z.number().int().min(0).nullable(),
      })
      .strict()
      .refine((fleet) => fleet.active === null || fleet.active < fleet.machines.length, {
        path: ['active'],
        message: 'must be the place of one of the machines, or null',
      }),
  })
  .strict();

/**
 * The signed-in customer's fleet (issue 31, item 8; ours, the spec has no such call):
 * - GET /api/customer/fleet -> `{ fleet: { machines, active } }`, empty for a new customer;
 * - PUT /api/customer/fleet `{ fleet }` replaces it (the browser merges a guest's fleet with
 *   this one on sign-in, shared/fitment/fleet.ts mergeFleets, and saves the result).
 * Both need the session (401); PUT the store's own origin and JSON (guard.ts).
 */
export function customerFleetRoutes(deps: Deps): Hono {
  const { db } = deps;
  const app = new Hono();
  app.use('*', sameOriginJson());
  app.get('/', (c) => {
    const customerId = requireCustomerId(deps, c);
    const row = db
      .prepare('SELECT fleet FROM customer_fleets WHERE customer_id = ?')
      .get(customerId) as { fleet: string } | undefined;
    c.header('Cache-Control', 'no-store');
    return c.json({ fleet: parseFleet(row?.fleet) });
  });
  app.put('/', async (c) => {
    const customerId = requireCustomerId(deps, c);
    const { fleet } = await readJson(c, fleetBody);
    const keys = new Set<string>();
    for (const machine of fleet.machines) {
      const key = machineKey(machine);
      if (keys.has(key)) throw new HttpError(400, 'fleet.machines: a machine is there twice');
      keys.add(key);
    }
    db.prepare(
      `INSERT INTO customer_fleets (customer_id, fleet) VALUES (?, ?)
       ON CONFLICT (customer_id) DO UPDATE SET fleet = excluded.fleet,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')`,
    ).run(customerId, serializeFleet(fleet));
    c.header('Cache-Control', 'no-store');
    return c.json({ fleet });
  });
  return app;
}
