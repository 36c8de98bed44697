import { atom, onMount, task, type ReadableAtom } from 'nanostores';
import { dangerNotice, type NoticeState } from '../lib/account/api.ts';
import {
  deletePaymentMethod as deleteMethod,
  getPaymentMethods,
  getTransactions,
  updatePaymentMethod,
} from '../lib/api/wallet.ts';
import { MISSING_TARGET, openAddPaymentPopup } from '../lib/account/wallet.ts';
import type { RequestJson } from '../lib/api/client.ts';
import { paymentMethodUpdate } from '../../shared/contracts/wallet-rules.ts';
import type { PaymentMethod, Transaction } from '../../shared/contracts/wallet.ts';
import { $user, type UserState } from './account.ts';

/** spec 2.4: the notices of the wallet's actions. */
export const DELETED = 'Payment method deleted successfully';
export const ADDRESS_UPDATED = 'Address updated successfully';
export const POPUP_BLOCKED =
  'The payment window was blocked. Allow pop-ups for this site and try again.';
/** How long the transaction filter waits for the shopper to stop typing. */
export const FILTER_DELAY_MS = 250;

/** The payment methods tab: the methods (null while loading), the add link, a notice. */
export interface WalletState {
  methods: PaymentMethod[] | null;
  addHref: string | undefined;
  notice: NoticeState | null;
}

/** The transaction history tab: the filter as typed, the rows (null while loading). */
export interface TransactionsState {
  filter: string;
  rows: Transaction[] | null;
  notice: NoticeState | null;
}

/** What the store needs from outside; tests pass the reference API, a user and a window. */
export interface WalletDeps {
  request?: RequestJson;
  /** The signed-in user (the page's $user by default): every wallet path carries the id. */
  user?: ReadableAtom<UserState>;
  /** Where the add popup opens (the page's window by default). */
  win?: () => Pick<Window, 'open' | 'setInterval' | 'clearInterval'>;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
}

/** The store and its actions. */
export interface WalletStore {
  /** Loads the methods itself once the user is known. */
  $wallet: ReadableAtom<WalletState>;
  /** Loads the transactions itself (unfiltered) when the history tab shows. */
  $transactions: ReadableAtom<TransactionsState>;
  loadWallet: () => Promise<void>;
  /** Opens the add popup (spec 2.4: 600x400) and reloads the methods when it closes. */
  addPaymentMethod: () => void;
  deletePaymentMethod: (method: PaymentMethod) => Promise<void>;
  /** Moves a method to another mailing address; whether it was saved. */
  updateCardAddress: (method: PaymentMethod, mailingAddressId: number) => Promise<boolean>;
  /** Filters the history by displayable id, once typing pauses. */
  filterTransactions: (filter: string) => void;
}

/**
 * Builds the wallet store (spec: account-and-shell 2.4): the payment methods with their add,
 * delete and address change, and the transaction history with its filter. Every action ends
 * in a notice in the state rather than in the island.
 */
export function createWalletStore(deps: WalletDeps = {}): WalletStore {
  const user = deps.user ?? $user;
  const win = deps.win ?? (() => window);
  const later = deps.setTimeout ?? ((run, ms) => setTimeout(run, ms));
  const cancel =
    deps.clearTimeout ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const { request } = deps;
  const userId = () => {
    const id = user.get().user?.id;
    if (id === undefined) throw new Error('Sign in to see your wallet.');
    return id;
  };

  const $wallet = atom<WalletState>({ methods: null, addHref: undefined, notice: null });
  const notify = (notice: NoticeState) => $wallet.set({ ...$wallet.get(), notice });

  const loadWallet = async () => {
    $wallet.set({ ...$wallet.get(), methods: null });
    try {
      const reply = await getPaymentMethods(userId(), request);
      $wallet.set({
        ...$wallet.get(),
        methods: reply.paymentMethods,
        addHref: reply._links?.addPaymentMethod.href,
      });
    } catch (error) {
      $wallet.set({ ...$wallet.get(), methods: [], notice: dangerNotice(error) });
    }
  };

  onMount($wallet, () =>
    user.subscribe((state) => {
      if (state.user !== null) void task(loadWallet);
    }),
  );

  const addPaymentMethod = () => {
    const result = openAddPaymentPopup($wallet.get().addHref, () => void task(loadWallet), win());
    if (result === 'missing') notify({ variant: 'danger', message: MISSING_TARGET });
    if (result === 'blocked') notify({ variant: 'danger', message: POPUP_BLOCKED });
  };

  const deletePaymentMethod = async (method: PaymentMethod) => {
    try {
      await deleteMethod(userId(), method.id, request);
      notify({ variant: 'success', message: DELETED });
    } catch (error) {
      notify(dangerNotice(error));
    }
    await loadWallet();
  };

  const updateCardAddress = async (method: PaymentMethod, mailingAddressId: number) => {
    try {
      await updatePaymentMethod(
        userId(),
        method.id,
        paymentMethodUpdate(method, mailingAddressId),
        request,
      );
    } catch (error) {
      notify(dangerNotice(error));
      return false;
    }
    notify({ variant: 'success', message: ADDRESS_UPDATED });
    // The dialog closes on this answer; the list reloads behind it.
    void task(loadWallet);
    return true;
  };

  const $transactions = atom<TransactionsState>({ filter: '', rows: null, notice: null });
  let timer: unknown;
  let asked = 0;
  const filterTransactions = (filter: string) => {
    $transactions.set({ ...$transactions.get(), filter, rows: null });
    cancel(timer);
    const ask = ++asked;
    timer = later(() => {
      const current = () => ask === asked;
      void task(async () => {
        try {
          const reply = await getTransactions(userId(), filter, request);
          if (current()) $transactions.set({ filter, rows: reply.transactions, notice: null });
        } catch (error) {
          if (current()) $transactions.set({ filter, rows: [], notice: dangerNotice(error) });
        }
      });
    }, FILTER_DELAY_MS);
  };
  onMount($transactions, () => {
    filterTransactions('');
    return () => {
      cancel(timer);
      asked++;
    };
  });

  return {
    $wallet,
    $transactions,
    loadWallet,
    addPaymentMethod,
    deletePaymentMethod,
    updateCardAddress,
    filterTransactions,
  };
}

const store = createWalletStore();

/** The two tabs of the wallet page: payment methods and transaction history. */
export const { $wallet, $transactions, filterTransactions } = store;
/** The payment methods' actions (and loading again, which they do themselves). */
export const { loadWallet, addPaymentMethod, deletePaymentMethod, updateCardAddress } = store;
