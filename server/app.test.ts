import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectErrorReply, testApp } from './testing/app.ts';

describe('the API app', () => {
  it('answers a list route with a trailing slash like the route without one', async () => {
    const { app } = testApp();
    for (const path of ['/api/collections', '/api/products?limit=2', '/api/health']) {
      const slashed = path.replace(/(\?|$)/, '/$1');
      const plain = await app.request(`http://localhost${path}`);
      const withSlash = await app.request(`http://localhost${slashed}`);
      expect(withSlash.status, slashed).toBe(plain.status);
      expect(plain.status, path).toBe(200);
      expect(await withSlash.json()).toEqual(await plain.json());
    }
  });

  it('still answers an unknown route with the JSON 404', async () => {
    const { app } = testApp();
    const reply = await app.request('http://localhost/api/no-such-thing/');
    await expectErrorReply(reply, 404, 'Not found.');
  });
});

describe('the route table', () => {
  it('mounts each sub-app at its own base path, none at the root of /api', () => {
    const source = readFileSync(new URL('./app.ts', import.meta.url), 'utf8');
    const bases = [...source.matchAll(/\bapi\.route\(\s*'([^']*)'/g)].map((match) => match[1]);
    expect(bases.length).toBeGreaterThan(20);
    expect(bases.filter((base) => base === '/' || base === '')).toEqual([]);
  });
});
