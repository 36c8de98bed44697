import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Change } from '../../server/index.ts';
import {
  PUBLISH_API,
  type PendingChange,
  type PublishOverview,
} from '../../shared/contracts/publish.ts';
import { MemoryControl } from '../memory-control.testing.ts';
import { publishApp } from '../service.ts';
import { PublishApiError, publishApi, PUBLISH_API as PAGE_PUBLISH_API } from './api.js';

const TOKEN = 'merchandiser-secret-token';

/** The page's client against the real service, through `app.request`: no port. */
function setup(options: { token?: string; trigger?: 'page' } = {}) {
  const control = new MemoryControl();
  const app = publishApp({ control, adminToken: TOKEN });
  const api = publishApi({
    token: options.token ?? TOKEN,
    name: 'Dana',
    ...(options.trigger ? { trigger: options.trigger } : {}),
    fetch: (input, init) => Promise.resolve(app.request(input, init)),
  });
  return { control, api };
}

describe('the publish API client (publisher/page/api.js)', () => {
  it('calls the path of the contract, whose change rows are the feed’s', () => {
    expect(PAGE_PUBLISH_API).toBe(PUBLISH_API);
    expectTypeOf<PendingChange>().toEqualTypeOf<Change>();
  });

  it('reads the overview, publishes with its trigger and name, and gets a publish by id', async () => {
    const { control, api } = setup({ trigger: 'page' });
    const overview = await api.overview();
    expectTypeOf(overview).toEqualTypeOf<PublishOverview>();
    expect(overview.live?.id).toBe('20261124-090000-aaaa');
    const publish = await api.publish();
    expect(publish).toMatchObject({ state: 'queued', trigger: 'page', actor: 'admin:Dana' });
    expect(await api.get(publish.id)).toEqual(publish);
    expect(control.calls.map((call) => call.method)).toEqual(['overview', 'request', 'get']);
  });

  it('sends no body without a trigger, so the API names its own', async () => {
    const { api } = setup();
    expect((await api.publish()).trigger).toBe('api');
  });

  it('rejects a refusal with one error type carrying the status and the API’s words', async () => {
    const { api } = setup();
    const refused = await api.rollBack().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PublishApiError);
    expect(refused).toMatchObject({
      status: 409,
      message: 'There is no earlier release to roll back to.',
      body: { error: 'There is no earlier release to roll back to.' },
    });
    const unsigned = await setup({ token: 'wrong' })
      .api.overview()
      .catch((error: unknown) => error);
    expect(unsigned).toMatchObject({ status: 401 });
  });

  it('rejects a call no server answered with status 0 and the reason', async () => {
    const api = publishApi({
      token: TOKEN,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = await api.overview().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PublishApiError);
    expect(error).toMatchObject({ status: 0, message: 'fetch failed', body: null });
  });
});
