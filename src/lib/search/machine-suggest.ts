import { getJson } from '../api/client.ts';
import { machinePath } from '../fitment/machine-path.ts';
import type { SearchHit } from './search-box.ts';

/**
 * The search box's Machines group (issue 31, item 6: typing a model, 'pth50' or 'pth 50 load
 * wheel', offers the machine as its own suggestion group): GET /api/machines/lookup for a
 * text that may name one, each model a link to its parts. Optional by nature: a failed or
 * odd reply is no group, never a failed dropdown.
 */

/** Model codes carry a digit ('PTH50', '8FGCU25'); a text without one names none. */
const MAY_NAME_A_MODEL = /\d/;

/**
 * The models `term` names, as dropdown hits to their pages under `machineBase`.
 * @example await machineHits('pth 50 load wheel', '/machines') // [{ title: 'Crown PTH50 pallet jack', url: '/machines/crown/pth50', image: '' }]
 */
export async function machineHits(
  term: string,
  machineBase: string,
  fetchJson: (path: string) => Promise<unknown> = getJson,
): Promise<SearchHit[]> {
  if (!MAY_NAME_A_MODEL.test(term)) return [];
  try {
    const reply = await fetchJson(`/api/machines/lookup?q=${encodeURIComponent(term)}`);
    const models = (reply as { models?: unknown } | undefined)?.models;
    if (!Array.isArray(models)) return [];
    return models.flatMap((model: Record<string, unknown>) => {
      const { name, brandHandle, handle } = model;
      if (typeof name !== 'string' || typeof brandHandle !== 'string' || typeof handle !== 'string')
        return [];
      return [{ title: name, url: machinePath(machineBase, brandHandle, handle), image: '' }];
    });
  } catch {
    return [];
  }
}
