// The fleet's part of `npm run bench` (issue 31, item 12: 'a fitment-filtered first page of
// results shows ≤ 300 ms p95 after the choice'): in Chromium, on the built site, a shopper
// with a fleet reads a search's results and chooses one machine after another; timed in the
// page from the choice to the list's first page for that machine shown (its chip there and
// the list no longer busy). The choice reaches the page as another tab's would, a storage
// event on the fleet's key, which the fleet store follows (src/stores/fleet.ts): every way of
// choosing ends in that store, and this one leaves out how fast a person clicks.
import { chromium, type Page } from '@playwright/test';
import { env } from '../shared/env.ts';
import type { FleetMachine } from '../shared/fitment/fleet.ts';
import { percentile } from './percentile.ts';

/** How many machines the bench's fleet holds: one model of each of the first brands. */
const FLEET_SIZE = 8;

export interface MachineChoiceResult {
  /** The search the choices narrow. */
  query: string;
  machines: number;
  samples: number;
  medianMs: number;
  p95Ms: number;
}

interface ListedModel {
  brand: string;
  brandHandle: string;
  code: string;
  handle: string;
}

/** A fleet of one model of each of the first FLEET_SIZE brands of the API at `apiUrl`. */
async function benchFleet(apiUrl: string): Promise<FleetMachine[]> {
  const get = async <T>(path: string) => (await (await fetch(`${apiUrl}${path}`)).json()) as T;
  const { brands } = await get<{ brands: { handle: string }[] }>('/api/machines');
  const fleet: FleetMachine[] = [];
  for (const brand of brands.slice(0, FLEET_SIZE)) {
    const { models = [] } = await get<{ models?: ListedModel[] }>(`/api/machines/${brand.handle}`);
    const model = models[0];
    if (!model) continue;
    fleet.push({
      brand: model.brand,
      brandHandle: model.brandHandle,
      model: model.code,
      modelHandle: model.handle,
      serial: '',
      nickname: '',
    });
  }
  return fleet;
}

/**
 * Chooses the machine at `index` of the page's fleet and resolves with the ms until the
 * results show its first page, measured in the page by a mutation observer.
 */
async function timeChoice(page: Page, index: number, machine: FleetMachine): Promise<number> {
  return page.evaluate(
    ({ index, chip }) =>
      new Promise<number>((resolve, reject) => {
        const list = document.querySelector('[data-product-list]');
        const stored = window.localStorage.getItem('fleet');
        if (!list || !stored) {
          reject(new Error('no results list or no fleet'));
          return;
        }
        const fleet = JSON.parse(stored) as { machines: unknown[]; active: number | null };
        const chosen = JSON.stringify({ ...fleet, active: index });
        // The chip comes with the list's busy state in one render; the list is shown when
        // the chip names the machine and the list is no longer busy.
        const shown = () =>
          list.getAttribute('aria-busy') === 'false' &&
          document.querySelector(`[aria-label="Remove filter ${chip}"]`) !== null;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          resolve(performance.now() - started);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        window.localStorage.setItem('fleet', chosen);
        window.dispatchEvent(
          new StorageEvent('storage', {
            key: 'fleet',
            oldValue: stored,
            newValue: chosen,
            storageArea: window.localStorage,
          }),
        );
      }),
    { index, chip: `Fits: ${machine.brand} ${machine.model}` },
  );
}

/**
 * Chooses each machine of a bench fleet in turn, `rounds` times, on the results of `query`
 * at `siteUrl` (the built site, its API at `apiUrl`).
 */
export async function benchMachineChoice(options: {
  siteUrl: string;
  apiUrl: string;
  query?: string;
  rounds?: number;
}): Promise<MachineChoiceResult | null> {
  const { siteUrl, apiUrl, query = 'wheel', rounds = 3 } = options;
  const machines = await benchFleet(apiUrl);
  // Each choice must change the machine, so the fleet needs two at least.
  if (machines.length < 2) return null;
  const browser = await chromium.launch({
    executablePath: env.CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext();
    await context.addInitScript(
      (fleet) => {
        window.localStorage.setItem('fleet', fleet);
      },
      JSON.stringify({ machines, active: null }),
    );
    const page = await context.newPage();
    await page.goto(`${siteUrl}/search.php?q=${encodeURIComponent(query)}`);
    await page.locator('[data-product-list][aria-busy="false"] article').first().waitFor();
    const samples: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, machine] of machines.entries()) {
        samples.push(await timeChoice(page, index, machine));
      }
    }
    await context.close();
    const round = (value: number) => Number(value.toFixed(1));
    return {
      query,
      machines: machines.length,
      samples: samples.length,
      medianMs: round(percentile(samples, 50)),
      p95Ms: round(percentile(samples, 95)),
    };
  } finally {
    await browser.close();
  }
}
