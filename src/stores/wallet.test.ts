import { allTasks, atom, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MISSING_TARGET } from '../lib/account/wallet.ts';
import type { UserState } from './account.ts';
import { signedInApi } from './account-api.testing.ts';
import {
  ADDRESS_UPDATED,
  createWalletStore,
  DELETED,
  FILTER_DELAY_MS,
  POPUP_BLOCKED,
  type WalletStore,
} from './wallet.ts';

const stores: WalletStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) cleanStores(store.$wallet, store.$transactions);
  vi.useRealTimers();
});

/** A popup window that the test closes; `open` answers null when blocked. */
function fakeWindow(blocked = false) {
  const popup = { closed: false };
  let poll: (() => void) | undefined;
  const win = {
    open: vi.fn(() => (blocked ? null : (popup as unknown as Window))),
    setInterval: vi.fn((run: () => void) => {
      poll = run;
      return 1;
    }),
    clearInterval: vi.fn(),
  };
  const close = () => {
    popup.closed = true;
    poll?.();
  };
  return { win, close };
}

async function setup(options: { blocked?: boolean; signedIn?: boolean } = {}) {
  const api = await signedInApi();
  const { win, close } = fakeWindow(options.blocked);
  const user = atom<UserState>({
    fetched: true,
    user:
      options.signedIn === false
        ? null
        : {
            id: api.userId,
            email: 'ada@example.com',
            firstName: 'Ada',
            lastName: 'Lovelace',
            verified: true,
          },
    failed: false,
  });
  const store = createWalletStore({
    request: api.request,
    user,
    win: () => win,
  });
  stores.push(store);
  return { api, store, user, win, close };
}

const last4s = (store: WalletStore) =>
  store.$wallet.get().methods?.map((m) => (m.isAbtraGiftCard ? m.name : m.last4));

describe('wallet store: payment methods', () => {
  it('loads the methods itself once the user is known, gift-card wallets first', async () => {
    const { api, store } = await setup();
    api.addVisa('1111');
    api.addGiftCard();
    api.addVisa('2222');
    keepMount(store.$wallet);
    await allTasks();
    expect(last4s(store)).toEqual(['Gift card wallet', '2222', '1111']);
    expect(store.$wallet.get().addHref).toMatch(/\/paymentMethods\/new\?token=/);
    expect(store.$wallet.get().methods?.[0]).toMatchObject({ abtraGiftCardCredit: '25.00' });
    expect(api.calls).toEqual([`GET /api/user/${String(api.userId)}/paymentMethods`]);
  });

  it('waits for a user before asking', async () => {
    const { api, store, user } = await setup({ signedIn: false });
    keepMount(store.$wallet);
    await allTasks();
    expect(store.$wallet.get().methods).toBeNull();
    expect(api.calls).toEqual([]);
    user.set({ ...user.get(), user: { id: api.userId } as NonNullable<UserState['user']> });
    await allTasks();
    expect(store.$wallet.get().methods).toEqual([]);
  });

  it("shows the server's words of a failed load, with no methods", async () => {
    const { api, store } = await setup();
    api.outage.status = 503;
    await store.loadWallet();
    expect(store.$wallet.get()).toMatchObject({
      methods: [],
      notice: { variant: 'danger', message: 'The store is down.' },
    });
  });

  it('deletes a card and says so; a gift-card wallet is refused by the server', async () => {
    const { api, store } = await setup();
    api.addVisa('1111');
    api.addGiftCard();
    await store.loadWallet();
    const [gift, card] = store.$wallet.get().methods ?? [];
    await store.deletePaymentMethod(card!);
    expect(store.$wallet.get().notice).toEqual({ variant: 'success', message: DELETED });
    expect(last4s(store)).toEqual(['Gift card wallet']);
    await store.deletePaymentMethod(gift!);
    expect(store.$wallet.get().notice).toEqual({
      variant: 'danger',
      message: 'Gift card wallets cannot be deleted.',
    });
    expect(last4s(store)).toEqual(['Gift card wallet']);
  });

  it('moves a card to another address, stating its kind', async () => {
    const { api, store } = await setup();
    const address = await api.addAddress({ address1: '9 Elm' });
    api.addVisa('1111');
    await store.loadWallet();
    const card = store.$wallet.get().methods![0]!;
    expect(await store.updateCardAddress(card, address.id)).toBe(true);
    expect(store.$wallet.get().notice).toEqual({ variant: 'success', message: ADDRESS_UPDATED });
    await allTasks();
    expect(store.$wallet.get().methods![0]).toMatchObject({
      mailingAddressId: address.id,
      billingAddress: { line1: '9 Elm', state: 'TX' },
    });
    expect(await store.updateCardAddress({ ...card, isAbtraGiftCard: true }, address.id)).toBe(
      false,
    );
    expect(store.$wallet.get().notice).toEqual({
      variant: 'danger',
      message: 'This payment method is not a gift card wallet.',
    });
    expect(await store.updateCardAddress(card, address.id + 99)).toBe(false);
    expect(store.$wallet.get().notice?.message).toBe('That address was not found.');
  });

  it('opens the add popup at the link and reloads when it closes', async () => {
    const { api, store, win, close } = await setup();
    await store.loadWallet();
    store.addPaymentMethod();
    expect(win.open).toHaveBeenCalledWith(
      store.$wallet.get().addHref,
      'add-payment-method',
      'popup=yes,width=600,height=400',
    );
    api.addVisa('3333');
    close();
    await allTasks();
    expect(last4s(store)).toEqual(['3333']);
  });

  it('says when the popup was blocked or there is no link', async () => {
    const { store } = await setup({ blocked: true });
    store.addPaymentMethod();
    expect(store.$wallet.get().notice).toEqual({ variant: 'danger', message: MISSING_TARGET });
    await store.loadWallet();
    store.addPaymentMethod();
    expect(store.$wallet.get().notice).toEqual({ variant: 'danger', message: POPUP_BLOCKED });
  });
});

describe('wallet store: transactions', () => {
  it('loads the history when shown, and filters once typing pauses', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { api, store } = await setup();
    api.addTransaction('ORD-100', 1250, 'stripe');
    api.addTransaction('ORD-200', 999);
    keepMount(store.$transactions);
    expect(store.$transactions.get().rows).toBeNull();
    await vi.advanceTimersByTimeAsync(FILTER_DELAY_MS);
    await allTasks();
    expect(store.$transactions.get().rows?.map((t) => t.displayableId)).toEqual([
      'ORD-200',
      'ORD-100',
    ]);
    store.filterTransactions('o');
    store.filterTransactions('ord-1 ');
    expect(store.$transactions.get()).toMatchObject({ filter: 'ord-1 ', rows: null });
    await vi.advanceTimersByTimeAsync(FILTER_DELAY_MS);
    await allTasks();
    expect(store.$transactions.get().rows).toEqual([
      expect.objectContaining({ displayableId: 'ORD-100', amount: '12.50', gateway: 'stripe' }),
    ]);
    expect(api.calls).toEqual([
      `GET /api/user/${String(api.userId)}/transactions`,
      `GET /api/user/${String(api.userId)}/transactions?displayableId=ord-1`,
    ]);
  });

  it("shows the server's words of a failed history, and clears them on the next answer", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { api, store } = await setup();
    api.outage.status = 503;
    keepMount(store.$transactions);
    await vi.advanceTimersByTimeAsync(FILTER_DELAY_MS);
    await allTasks();
    expect(store.$transactions.get()).toMatchObject({
      rows: [],
      notice: { variant: 'danger', message: 'The store is down.' },
    });
    api.outage.status = 0;
    store.filterTransactions('x');
    await vi.advanceTimersByTimeAsync(FILTER_DELAY_MS);
    await allTasks();
    expect(store.$transactions.get()).toEqual({ filter: 'x', rows: [], notice: null });
  });
});
