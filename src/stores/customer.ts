import { atom, onMount, task, type ReadableAtom } from 'nanostores';
import { messageOf } from '../lib/account/api.ts';
import { getCustomer } from '../lib/api/account.ts';
import type { RequestJson } from '../lib/api/client.ts';
import type { Customer } from '../../shared/contracts/addresses.ts';

/**
 * The GET /api/customer reply (spec: account-and-shell 3, Customer) as the account islands
 * read it: not fetched yet, the customer (null for a guest), or the error's words.
 */
export interface CustomerState {
  fetched: boolean;
  customer: Customer | null;
  error: string | null;
}

/** Before the customer call has answered. */
export const CUSTOMER_NOT_FETCHED: CustomerState = { fetched: false, customer: null, error: null };

/** What the store needs from outside; tests pass a client bound to the reference API. */
export interface CustomerDeps {
  request?: RequestJson;
  /**
   * Whether the store may load itself when read: not while the build renders an island (a
   * read there would call the API by a relative URL, which fails on the server).
   */
  browser?: boolean;
}

/** The store and its actions. */
export interface CustomerStore {
  /** Loads itself (once per page) when the first island listens. */
  $customer: ReadableAtom<CustomerState>;
  /** The page's one customer call; later calls share its answer. */
  loadCustomer: () => Promise<CustomerState>;
  /** Asks again, after a change to the customer's addresses. */
  reloadCustomer: () => Promise<CustomerState>;
}

/**
 * Builds the customer store: one GET /api/customer per page, shared by every island that
 * shows the customer's addresses (the account home, the address list, the wallet).
 */
export function createCustomerStore(deps: CustomerDeps = {}): CustomerStore {
  const $customer = atom<CustomerState>(CUSTOMER_NOT_FETCHED);
  let loading: Promise<CustomerState> | undefined;

  const load = async (): Promise<CustomerState> => {
    try {
      const reply = await getCustomer(deps.request);
      $customer.set({ fetched: true, customer: reply.customer, error: null });
    } catch (error) {
      // spec account-and-shell 8: the page shows the error's message as a notice.
      $customer.set({ fetched: true, customer: null, error: messageOf(error) });
    }
    return $customer.get();
  };

  const loadCustomer = () => (loading ??= task(load));
  const reloadCustomer = () => (loading = task(load));

  onMount($customer, () => {
    if (deps.browser === false) return;
    void loadCustomer();
  });

  return { $customer, loadCustomer, reloadCustomer };
}

export const { $customer, loadCustomer, reloadCustomer } = createCustomerStore({
  browser: typeof window !== 'undefined',
});
