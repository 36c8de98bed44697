import { describe, expect, it } from 'vitest';
import { addCustomer, Browser, customerAppPerTest } from '../testing/accounts.ts';
import {
  LIST_LINES_MAX,
  LISTS_MAX,
  type ListSummary,
  type PartList,
} from '../../shared/parts/part-list.ts';

// Saved lists (issue 32, item 9): a signed-in customer's named lists of part numbers, kept in
// the account, renamed, changed, added to and deleted, and nobody else's to read or change.

const ctx = customerAppPerTest({ start: '2026-11-29T08:00:00Z', email: 'ada@example.com' });

async function signedIn(email = 'ada@example.com') {
  if (email !== 'ada@example.com') await addCustomer(ctx.db, email);
  const browser = new Browser(ctx.app);
  expect((await browser.login(email)).status).toBe(200);
  return browser;
}

type Reply = Awaited<ReturnType<Browser['call']>>;
const listOf = (reply: Reply) => reply.body['list'] as PartList;
const listsOf = (reply: Reply) => reply.body['lists'] as ListSummary[];

const dock = [
  { part: '85288-001', quantity: 2 },
  { part: 'CRN-12345', quantity: 1, productId: 7, variantId: 12 },
];

async function create(browser: Browser, name: string, lines?: unknown[]) {
  return browser.call('POST', '/api/customer/lists', { name, ...(lines ? { lines } : {}) });
}

describe('/api/customer/lists', () => {
  it('creates, lists, reads, renames and deletes a list', async () => {
    const browser = await signedIn();
    expect((await browser.call('GET', '/api/customer/lists')).body).toEqual({ lists: [] });
    const created = await create(browser, '  Dock 3   monthly ', dock);
    expect(created.status).toBe(201);
    const list = listOf(created);
    expect(list).toMatchObject({ name: 'Dock 3 monthly', lines: dock });
    expect((await create(browser, 'Spares van')).status).toBe(201);

    const index = await browser.call('GET', '/api/customer/lists');
    expect(index.res.headers.get('cache-control')).toBe('no-store');
    expect(listsOf(index)).toMatchObject([
      { name: 'Spares van', lineCount: 0 },
      { id: list.id, name: 'Dock 3 monthly', lineCount: 2 },
    ]);

    const renamed = await browser.call('PATCH', `/api/customer/lists/${list.id}`, {
      name: 'Dock 3 weekly',
    });
    expect(listOf(renamed)).toMatchObject({ name: 'Dock 3 weekly', lines: dock });
    expect(listOf(await browser.call('GET', `/api/customer/lists/${list.id}`))).toMatchObject({
      name: 'Dock 3 weekly',
      lines: dock,
    });

    expect((await browser.call('DELETE', `/api/customer/lists/${list.id}`)).status).toBe(204);
    expect((await browser.call('GET', `/api/customer/lists/${list.id}`)).status).toBe(404);
    expect(listsOf(await browser.call('GET', '/api/customer/lists'))).toHaveLength(1);
  });

  it('adds lines, a number already there in another spelling adding its quantity', async () => {
    const browser = await signedIn();
    const { id } = listOf(await create(browser, 'Dock', dock));
    const added = await browser.call('POST', `/api/customer/lists/${id}/lines`, {
      lines: [
        { part: '85288 001', quantity: 3 },
        { part: '85288-001', quantity: 9998 },
        { part: 'HYD-SEAL-9', quantity: 4 },
      ],
    });
    expect(listOf(added).lines).toEqual([
      { part: '85288-001', quantity: 9999 },
      dock[1],
      { part: 'HYD-SEAL-9', quantity: 4 },
    ]);
    // Replacing the lines is how quantities are changed and lines removed.
    const replaced = await browser.call('PATCH', `/api/customer/lists/${id}`, {
      lines: [{ part: 'HYD-SEAL-9', quantity: 1 }],
    });
    expect(listOf(replaced)).toMatchObject({
      name: 'Dock',
      lines: [{ part: 'HYD-SEAL-9', quantity: 1 }],
    });
  });

  it('refuses a name taken in any case, and keeps both lists as they were', async () => {
    const browser = await signedIn();
    await create(browser, 'Dock 3');
    const other = listOf(await create(browser, 'Van'));
    const again = await create(browser, 'dock  3');
    expect(again.status).toBe(409);
    expect(again.body['error']).toBe(
      'You have a list called ‘dock 3’ already. Choose another name.',
    );
    const rename = await browser.call('PATCH', `/api/customer/lists/${other.id}`, {
      name: 'DOCK 3',
    });
    expect(rename.status).toBe(409);
    // Renaming a list to its own name in another case is a rename.
    const own = await browser.call('PATCH', `/api/customer/lists/${other.id}`, { name: 'VAN' });
    expect(listOf(own).name).toBe('VAN');
    const names = listsOf(await browser.call('GET', '/api/customer/lists')).map(
      (list: { name: string }) => list.name,
    );
    expect(names.sort()).toEqual(['Dock 3', 'VAN']);
  });

  it('refuses lines and names that do not read, and changes nothing', async () => {
    const browser = await signedIn();
    const { id } = listOf(await create(browser, 'Dock', dock));
    for (const bad of [
      { name: '' },
      { name: 'x'.repeat(61) },
      { lines: [{ part: '---', quantity: 1 }] },
      { lines: [{ part: '85288-001', quantity: 0 }] },
      { lines: [{ part: '85288-001', quantity: 1.5 }] },
      { lines: [{ part: '85288-001', quantity: 10_000 }] },
      { lines: [{ part: 'x'.repeat(101), quantity: 1 }] },
      { lines: [{ part: '85288-001', quantity: 1, productId: -3 }] },
      { lines: [{ part: '85288-001', quantity: 1 }], owner: 2 },
      {},
    ]) {
      const reply = await browser.call('PATCH', `/api/customer/lists/${id}`, bad);
      expect(reply.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await create(browser, '<b>ok</b>', [{ part: 'ab', quantity: 'two' }])).status).toBe(
      400,
    );
    expect(listOf(await browser.call('GET', `/api/customer/lists/${id}`))).toMatchObject({
      name: 'Dock',
      lines: dock,
    });
  });

  it('holds at most 500 lines a list and 50 lists an account', async () => {
    const browser = await signedIn();
    const full = Array.from({ length: LIST_LINES_MAX }, (_, n) => ({
      part: `P-${String(n)}`,
      quantity: 1,
    }));
    const { id } = listOf(await create(browser, 'Full', full));
    const over = await browser.call('POST', `/api/customer/lists/${id}/lines`, {
      lines: [
        { part: 'P-0', quantity: 1 },
        { part: 'NEW-1', quantity: 1 },
      ],
    });
    expect(over.status).toBe(409);
    expect(over.body['error']).toBe('A list holds at most 500 lines; 1 would not fit.');
    const kept = listOf(await browser.call('GET', `/api/customer/lists/${id}`));
    expect(kept.lines[0]).toEqual({ part: 'P-0', quantity: 1 });
    for (let n = 1; n < LISTS_MAX; n += 1) {
      expect((await create(browser, `List ${String(n)}`)).status).toBe(201);
    }
    const fiftyFirst = await create(browser, 'One more');
    expect(fiftyFirst.status).toBe(409);
    expect(fiftyFirst.body['error']).toBe(
      'You have 50 lists, the most an account keeps. Delete one first.',
    );
  });

  it("is the customer's own: a stranger's list is not found, whatever the call", async () => {
    const ada = await signedIn();
    const { id } = listOf(await create(ada, 'Dock', dock));
    const eve = await signedIn('eve@example.com');
    expect((await eve.call('GET', `/api/customer/lists/${id}`)).status).toBe(404);
    expect((await eve.call('PATCH', `/api/customer/lists/${id}`, { name: 'Mine' })).status).toBe(
      404,
    );
    const add = await eve.call('POST', `/api/customer/lists/${id}/lines`, { lines: dock });
    expect(add.status).toBe(404);
    expect((await eve.call('DELETE', `/api/customer/lists/${id}`)).status).toBe(404);
    expect(listsOf(await eve.call('GET', '/api/customer/lists'))).toEqual([]);
    // Eve may use the name Ada uses: names are each customer's own.
    expect((await create(eve, 'Dock')).status).toBe(201);
    expect(listOf(await ada.call('GET', `/api/customer/lists/${id}`)).lines).toEqual(dock);
  });

  it("needs a session, and the store's own origin to change", async () => {
    const guest = new Browser(ctx.app);
    expect((await guest.call('GET', '/api/customer/lists')).status).toBe(401);
    expect((await create(guest, 'Dock')).status).toBe(401);
    const browser = await signedIn();
    const foreign = await browser.call(
      'POST',
      '/api/customer/lists',
      { name: 'Dock' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(listsOf(await browser.call('GET', '/api/customer/lists'))).toEqual([]);
  });
});
