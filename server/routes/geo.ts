import { Hono, type Context } from 'hono';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { queryInt } from '../http/input.ts';

/** A country of the address form (spec: account-and-shell 3, Country). */
export interface Country {
  countryCode: string;
  title: string;
}

/** A state of a country (spec: account-and-shell 3, State); mainland drives shipping. */
export interface State {
  id: number;
  stateCode: string;
  title: string;
  countryCode: string;
  mainland: boolean;
}

/** States per page of GET /api/states; more than any country has, so page 0 holds them all. */
export const STATES_PER_PAGE = 500;

interface StateRow {
  id: number;
  code: string;
  title: string;
  country_code: string;
  mainland: number;
}

/** The countryCode query parameter, upper-cased; 400 when missing or not shaped like a code. */
function countryCodeParam(c: Context): string {
  const raw = c.req.query('countryCode')?.trim() ?? '';
  if (raw === '') throw new HttpError(400, 'Choose a country first (countryCode is required).');
  if (!/^[A-Za-z]{2,3}$/.test(raw)) {
    throw new HttpError(400, 'countryCode must be a country code such as US.');
  }
  return raw.toUpperCase();
}

/**
 * Countries for the address form (spec: account-and-shell 2.3 and 7), mounted at
 * /api/countries: "GET api/countries/ (also /api/countries)" (the app is not strict about
 * the slash).
 */
export function countryRoutes({ db }: Deps): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const rows = db
      .prepare('SELECT code AS countryCode, title FROM countries ORDER BY position, title')
      .all() as unknown as Country[];
    return c.json({ countries: rows });
  });
  return app;
}

/** States of a country, mounted at /api/states: GET ?countryCode=&page=. */
export function stateRoutes({ db }: Deps): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const countryCode = countryCodeParam(c);
    const page = queryInt(c, 'page', { fallback: 0, min: 0, max: 100_000 });
    // An unknown country simply has no states: an empty list, not an error.
    const rows = db
      .prepare(
        `SELECT id, code, title, country_code, mainland FROM states
         WHERE country_code = ? ORDER BY title, id LIMIT ? OFFSET ?`,
      )
      .all(countryCode, STATES_PER_PAGE, page * STATES_PER_PAGE) as unknown as StateRow[];
    const states: State[] = rows.map((row) => ({
      id: row.id,
      stateCode: row.code,
      title: row.title,
      countryCode: row.country_code,
      mainland: row.mainland !== 0,
    }));
    return c.json({ states });
  });

  return app;
}
