import { atom } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { signedInApi } from './account-api.testing.ts';
import { createAccountLists, linesOfRows, type ListLine } from './part-lists.ts';

// The browser's side of saved lists (issue 32, item 9), against the reference API in memory.

const dock: ListLine[] = [
  { part: '85288-001', quantity: 2 },
  { part: 'E2E-TWIN-7', quantity: 1, productId: 4 },
];

describe('account lists', () => {
  it('creates, adds to, renames, reads and deletes a list through the API', async () => {
    const api = await signedInApi();
    const lists = createAccountLists(api.request, atom<ListLine[]>([]));
    const created = await lists.create('Dock 3', dock);
    expect(created).toMatchObject({ name: 'Dock 3', lines: dock });
    const added = await lists.add(created.id, [{ part: '85288 001', quantity: 1 }]);
    expect(added.lines[0]).toEqual({ part: '85288-001', quantity: 3 });
    expect((await lists.change(created.id, { name: 'Dock 3 weekly' })).name).toBe('Dock 3 weekly');
    expect(await lists.lists()).toMatchObject([{ id: created.id, lineCount: 2 }]);
    await lists.remove(created.id);
    // A second delete (another tab's) is not an error: the list is gone either way.
    await lists.remove(created.id);
    expect(await lists.lists()).toEqual([]);
  });

  it("throws the server's words, and the browser's when the store cannot be reached", async () => {
    const api = await signedInApi();
    const lists = createAccountLists(api.request, atom<ListLine[]>([]));
    await lists.create('Dock 3');
    await expect(lists.create('DOCK 3')).rejects.toThrow(
      'You have a list called ‘DOCK 3’ already. Choose another name.',
    );
    await expect(lists.list(999)).rejects.toThrow('The list was not found.');
    api.outage.status = 503;
    await expect(lists.lists()).rejects.toThrow('The store is down.');
  });

  it("offers the browser's list to the account under a free name, then empties it", async () => {
    const api = await signedInApi();
    const guest = atom<ListLine[]>(dock);
    const lists = createAccountLists(api.request, guest);
    await lists.create('My list');
    const kept = await lists.keepGuestList();
    expect(kept).toMatchObject({ name: 'My list (2)', lines: dock });
    expect(guest.get()).toEqual([]);
    expect(await lists.keepGuestList()).toBeUndefined();
  });

  it('keeps the browser list when the account cannot take it', async () => {
    const api = await signedInApi();
    const guest = atom<ListLine[]>(dock);
    const lists = createAccountLists(api.request, guest);
    api.outage.status = 500;
    await expect(lists.keepGuestList()).rejects.toThrow();
    expect(guest.get()).toEqual(dock);
  });

  it("saves the pad's rows with the choices made in them", () => {
    expect(
      linesOfRows([
        { id: 'a', part: 'E2E-TWIN-7', quantity: 2, productId: 4, was: 3 },
        { id: 'b', part: 'crown 12345', quantity: 1 },
      ]),
    ).toEqual([
      { part: 'E2E-TWIN-7', quantity: 2, productId: 4 },
      { part: 'crown 12345', quantity: 1 },
    ]);
  });
});
