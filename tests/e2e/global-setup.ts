import { env } from '../../shared/env.ts';
import { e2eAdminToken } from './admin-token.ts';
import { createFixtures, removeFixtures, type AdminApi } from './seed-records.ts';

/** A publish of the test store on these 2 cores, with room to wait behind another. */
const PUBLISH_TIMEOUT_MS = 15 * 60_000;

/**
 * Publishes the store at `site` through its publish API (publisher/service.ts) and
 * waits until the new release is live.
 */
async function publish(site: string, adminToken: string): Promise<void> {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const asked = await fetch(new URL('/api/admin/publish', site), {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (asked.status !== 202) {
    throw new Error(`Publishing the e2e fixtures: ${String(asked.status)} ${await asked.text()}`);
  }
  const { publish: started } = (await asked.json()) as { publish: { id: string } };
  const deadline = Date.now() + PUBLISH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const reply = await fetch(new URL(`/api/admin/publish/${started.id}`, site), { headers });
    const { publish: now } = (await reply.json()) as { publish: { state: string; error?: string } };
    if (now.state === 'done') return;
    if (now.state === 'failed') throw new Error(`Publish ${started.id} failed: ${now.error ?? ''}`);
  }
  throw new Error(
    `Publish ${started.id} did not finish in ${String(PUBLISH_TIMEOUT_MS / 60_000)} min`,
  );
}

/**
 * The suite's own records (tests/e2e/seed-records.ts). The store Playwright starts has them
 * from before its build; a store given by E2E_BASE_URL gets the missing ones now, published,
 * and loses them again (with another publish) once the run is over.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const admin: AdminApi = {
    apiUrl: env.E2E_API_URL ?? `http://127.0.0.1:${String(env.E2E_PORT + 2)}`,
    adminToken: e2eAdminToken(),
  };
  const site = env.E2E_BASE_URL ?? `http://127.0.0.1:${String(env.E2E_PORT)}`;
  const created = await createFixtures(admin);
  if (created.length === 0) return undefined;
  console.log(`Added the end-to-end fixtures ${created.join(', ')}; publishing them.`);
  await publish(site, admin.adminToken);
  if (!env.E2E_BASE_URL) return undefined;
  return async () => {
    await removeFixtures(admin, created);
    await publish(site, admin.adminToken);
  };
}
