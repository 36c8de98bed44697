import { describe, expect, it } from 'vitest';
import type { Database } from '../db/open.ts';
import { appPerTest } from '../testing/app.ts';
import {
  expectError,
  expectJsonReply,
  getJson,
  HOSTILE,
  insertRow,
  itAnswersEmptyList,
  getOk,
} from './content.testing.ts';
import { STATES_PER_PAGE, type Country, type State } from './geo.ts';

function seedGeo(db: Database) {
  insertRow(db, 'countries', { code: 'MX', title: 'Mexico', position: 2 });
  insertRow(db, 'countries', { code: 'US', title: 'United States', position: 0 });
  insertRow(db, 'countries', { code: 'CA', title: 'Canada', position: 1 });
  insertRow(db, 'countries', { code: 'AR', title: 'Argentina', position: 2 });
  const state = (id: number, country: string, code: string, title: string, mainland = 1) =>
    insertRow(db, 'states', { id, country_code: country, code, title, mainland });
  state(1, 'US', 'TX', 'Texas');
  state(2, 'US', 'AK', 'Alaska', 0);
  state(3, 'US', 'HI', 'Hawaii', 0);
  state(4, 'US', 'AL', 'Alabama');
  state(5, 'CA', 'ON', 'Ontario');
}

describe('GET /api/countries', () => {
  const ctx = appPerTest();

  itAnswersEmptyList(ctx, '/api/countries', 'countries');

  it('lists countries by position, then title, as {countryCode, title}', async () => {
    seedGeo(ctx.db);
    const { body } = await getJson<{ countries: Country[] }>(ctx.app, '/api/countries');
    expect(body.countries).toEqual([
      { countryCode: 'US', title: 'United States' },
      { countryCode: 'CA', title: 'Canada' },
      { countryCode: 'AR', title: 'Argentina' },
      { countryCode: 'MX', title: 'Mexico' },
    ]);
  });

  it('answers the spec form with a trailing slash the same way', async () => {
    seedGeo(ctx.db);
    const withSlash = await getJson(ctx.app, '/api/countries/');
    const without = await getJson(ctx.app, '/api/countries');
    expect(withSlash.status).toBe(200);
    expect(withSlash.type).toMatch(/application\/json/);
    expect(withSlash.body).toEqual(without.body);
  });

  it('ignores query parameters it does not use', async () => {
    seedGeo(ctx.db);
    const body = await getOk<{ countries: Country[] }>(
      ctx.app,
      "/api/countries?page=-1&x='%20OR%201=1",
    );
    expect(body.countries).toHaveLength(4);
  });
});

describe('GET /api/states', () => {
  const ctx = appPerTest(seedGeo);

  it('lists the states of a country by title (spec form: page=0, countryCode)', async () => {
    const body = await getOk<{ states: State[] }>(ctx.app, '/api/states?page=0&countryCode=US');
    expect(body.states).toEqual([
      { id: 4, stateCode: 'AL', title: 'Alabama', countryCode: 'US', mainland: true },
      { id: 2, stateCode: 'AK', title: 'Alaska', countryCode: 'US', mainland: false },
      { id: 3, stateCode: 'HI', title: 'Hawaii', countryCode: 'US', mainland: false },
      { id: 1, stateCode: 'TX', title: 'Texas', countryCode: 'US', mainland: true },
    ]);
  });

  it('defaults page to 0', async () => {
    const { body } = await getJson<{ states: State[] }>(ctx.app, '/api/states?countryCode=CA');
    expect(body.states).toEqual([
      { id: 5, stateCode: 'ON', title: 'Ontario', countryCode: 'CA', mainland: true },
    ]);
  });

  it('accepts a lower-case or padded country code', async () => {
    const { body } = await getJson<{ states: State[] }>(
      ctx.app,
      '/api/states?countryCode=%20us%20',
    );
    expect(body.states).toHaveLength(4);
  });

  it('answers an unknown country, or one without states, with an empty list', async () => {
    for (const code of ['ZZ', 'MX', 'XYZ']) {
      await expectJsonReply(ctx.app, `/api/states?countryCode=${code}`, { states: [] });
    }
  });

  it('answers a page past the last with an empty list', async () => {
    await expectJsonReply(ctx.app, '/api/states?countryCode=US&page=1', { states: [] });
  });

  it('pages a country with more states than one page holds', async () => {
    insertRow(ctx.db, 'countries', { code: 'BG', title: 'Big', position: 9 });
    ctx.db.exec('BEGIN');
    for (let i = 0; i < STATES_PER_PAGE + 3; i += 1) {
      insertRow(ctx.db, 'states', {
        country_code: 'BG',
        code: `S${i}`,
        title: `State ${String(i).padStart(4, '0')}`,
      });
    }
    ctx.db.exec('COMMIT');
    const first = await getJson<{ states: State[] }>(ctx.app, '/api/states?countryCode=BG&page=0');
    const second = await getJson<{ states: State[] }>(ctx.app, '/api/states?countryCode=BG&page=1');
    expect(first.body.states).toHaveLength(STATES_PER_PAGE);
    expect(second.body.states.map((s) => s.stateCode)).toEqual([
      `S${STATES_PER_PAGE}`,
      `S${STATES_PER_PAGE + 1}`,
      `S${STATES_PER_PAGE + 2}`,
    ]);
  });

  it.each([
    '/api/states',
    '/api/states?page=0',
    '/api/states?countryCode=',
    '/api/states?countryCode=%20',
  ])('refuses %s (no countryCode) with a 400 and {error}', async (path) => {
    await expectError(ctx.app, path, 400, 'Choose a country first (countryCode is required).');
  });

  it.each([...HOSTILE, 'U', 'USAA', 'U1', 'x'.repeat(10_000)])(
    'refuses the malformed countryCode %s with a 400, not a 500',
    async (code) => {
      await expectError(
        ctx.app,
        `/api/states?countryCode=${encodeURIComponent(code)}`,
        400,
        'countryCode must be a country code such as US.',
      );
    },
  );

  it.each(['page=-1', 'page=abc', 'page=1.5', 'page=99999999999'])(
    'refuses %s with a 400 and {error}',
    async (query) => {
      await expectError(ctx.app, `/api/states?countryCode=US&${query}`, 400);
    },
  );

  it('leaves the states table intact after an injection attempt', async () => {
    await getJson(
      ctx.app,
      `/api/states?countryCode=${encodeURIComponent("US'; DELETE FROM states;--")}`,
    );
    const { body } = await getJson<{ states: State[] }>(ctx.app, '/api/states?countryCode=US');
    expect(body.states).toHaveLength(4);
  });
});
