import type { Database } from '../db/open.ts';

/**
 * Countries and states for the address forms and the shipping estimate (spec storefront 7,
 * estimateShipping: stateId -> shipping, taxRate; account-and-shell 7, countries and states).
 * Tax rates are approximate state sales-tax rates, listed in percent and stored as a
 * fraction (7.25 -> 0.0725, as server/cart/shipping.ts reads it); shipping is a flat demo
 * rate in cents. Only the 48 contiguous states and DC are mainland.
 * Alaska, Hawaii, Canada and Mexico are not (no free shipping there).
 */
const US: readonly [string, string, number][] = [
  ['AL', 'Alabama', 4],
  ['AK', 'Alaska', 0],
  ['AZ', 'Arizona', 5.6],
  ['AR', 'Arkansas', 6.5],
  ['CA', 'California', 7.25],
  ['CO', 'Colorado', 2.9],
  ['CT', 'Connecticut', 6.35],
  ['DE', 'Delaware', 0],
  ['DC', 'District of Columbia', 6],
  ['FL', 'Florida', 6],
  ['GA', 'Georgia', 4],
  ['HI', 'Hawaii', 4],
  ['ID', 'Idaho', 6],
  ['IL', 'Illinois', 6.25],
  ['IN', 'Indiana', 7],
  ['IA', 'Iowa', 6],
  ['KS', 'Kansas', 6.5],
  ['KY', 'Kentucky', 6],
  ['LA', 'Louisiana', 4.45],
  ['ME', 'Maine', 5.5],
  ['MD', 'Maryland', 6],
  ['MA', 'Massachusetts', 6.25],
  ['MI', 'Michigan', 6],
  ['MN', 'Minnesota', 6.875],
  ['MS', 'Mississippi', 7],
  ['MO', 'Missouri', 4.225],
  ['MT', 'Montana', 0],
  ['NE', 'Nebraska', 5.5],
  ['NV', 'Nevada', 6.85],
  ['NH', 'New Hampshire', 0],
  ['NJ', 'New Jersey', 6.625],
  ['NM', 'New Mexico', 4.875],
  ['NY', 'New York', 4],
  ['NC', 'North Carolina', 4.75],
  ['ND', 'North Dakota', 5],
  ['OH', 'Ohio', 5.75],
  ['OK', 'Oklahoma', 4.5],
  ['OR', 'Oregon', 0],
  ['PA', 'Pennsylvania', 6],
  ['RI', 'Rhode Island', 7],
  ['SC', 'South Carolina', 6],
  ['SD', 'South Dakota', 4.2],
  ['TN', 'Tennessee', 7],
  ['TX', 'Texas', 6.25],
  ['UT', 'Utah', 6.1],
  ['VT', 'Vermont', 6],
  ['VA', 'Virginia', 5.3],
  ['WA', 'Washington', 6.5],
  ['WV', 'West Virginia', 6],
  ['WI', 'Wisconsin', 5],
  ['WY', 'Wyoming', 4],
];

const CA: readonly [string, string, number][] = [
  ['AB', 'Alberta', 5],
  ['BC', 'British Columbia', 12],
  ['MB', 'Manitoba', 12],
  ['NB', 'New Brunswick', 15],
  ['NL', 'Newfoundland and Labrador', 15],
  ['NS', 'Nova Scotia', 15],
  ['NT', 'Northwest Territories', 5],
  ['NU', 'Nunavut', 5],
  ['ON', 'Ontario', 13],
  ['PE', 'Prince Edward Island', 15],
  ['QC', 'Quebec', 14.975],
  ['SK', 'Saskatchewan', 11],
  ['YT', 'Yukon', 5],
];

const MX: readonly [string, string, number][] = [
  ['AGU', 'Aguascalientes', 16],
  ['BCN', 'Baja California', 8],
  ['CHH', 'Chihuahua', 16],
  ['CMX', 'Ciudad de México', 16],
  ['COA', 'Coahuila', 16],
  ['JAL', 'Jalisco', 16],
  ['MEX', 'Estado de México', 16],
  ['NLE', 'Nuevo León', 16],
  ['PUE', 'Puebla', 16],
  ['QUE', 'Querétaro', 16],
  ['SON', 'Sonora', 8],
  ['TAM', 'Tamaulipas', 8],
  ['VER', 'Veracruz', 16],
  ['YUC', 'Yucatán', 16],
];

export const COUNTRIES: readonly { code: string; title: string; states: typeof US }[] = [
  { code: 'US', title: 'United States', states: US },
  { code: 'CA', title: 'Canada', states: CA },
  { code: 'MX', title: 'Mexico', states: MX },
];

/** Flat demo shipping in cents: by country, more for the non-mainland states. */
function shippingCents(country: string, code: string): number {
  if (country === 'US') return code === 'AK' || code === 'HI' ? 4999 : 1499;
  return country === 'CA' ? 3499 : 4499;
}

/** Replaces countries and states; state ids are stable (1..n in this order). */
export function writeGeo(db: Database): { countries: number; states: number } {
  db.exec('DELETE FROM states; DELETE FROM countries;');
  const country = db.prepare('INSERT INTO countries (code, title, position) VALUES (?, ?, ?)');
  const state = db.prepare(
    `INSERT INTO states (id, country_code, code, title, tax_rate, shipping_cents, mainland)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  let id = 0;
  COUNTRIES.forEach((c, position) => {
    country.run(c.code, c.title, position);
    for (const [code, title, tax] of c.states) {
      id += 1;
      const mainland = c.code === 'US' && code !== 'AK' && code !== 'HI' ? 1 : 0;
      state.run(
        id,
        c.code,
        code,
        title,
        Math.round(tax * 1000) / 100_000,
        shippingCents(c.code, code),
        mainland,
      );
    }
  });
  return { countries: COUNTRIES.length, states: id };
}
