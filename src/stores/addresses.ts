import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import { messageOf } from '../lib/account/api.ts';
import {
  addressPayload,
  formFromAddress,
  isFieldValid,
  type AddressForm,
} from '../lib/account/address-form.ts';
import {
  deleteAddress as deleteOne,
  getCountries,
  getStates,
  saveAddress,
} from '../lib/api/account.ts';
import type { RequestJson } from '../lib/api/client.ts';
import type { Country, MailingAddress, State } from '../../shared/contracts/addresses.ts';
import type { CustomerStore } from './customer.ts';
import * as pageCustomer from './customer.ts';

/** spec 8: the words of a delete the server refused without its own. */
export const REMOVE_FAILED = 'Failed to remove address.';
/** spec 8: a save whose reply carried no address. */
export const NOT_SAVED = 'Address not updated';

/** What the store needs from outside; tests pass a client bound to the reference API. */
export interface AddressDeps {
  request?: RequestJson;
  /** The customer store the addresses come from (the page's one by default). */
  customer?: CustomerStore;
  /** spec 8: failures of the country and state lists are only logged. */
  log?: (message: string, error: unknown) => void;
  /**
   * Whether the store may load itself when read: not while the build renders an island (a
   * read there would call the API by a relative URL, which fails on the server).
   */
  browser?: boolean;
}

/** The address form being edited (spec 2.3, one dialog a page). */
export interface AddressDraft {
  /** The address being edited; undefined when adding one. */
  address: MailingAddress | undefined;
  form: AddressForm;
  saving: boolean;
}

/** A field's mark (spec 5: "marks show valid state only, with no messages"). */
export type AddressMarks = Record<keyof AddressForm, boolean>;

/** The store and its actions. */
export interface AddressStore {
  /** The customer's addresses, the default first; null until the customer call answered. */
  $addresses: ReadableAtom<MailingAddress[] | null>;
  /** The customer call's error, for a notice. */
  $addressesError: ReadableAtom<string | null>;
  /** The countries of the form's list (loaded once, when the form first shows). */
  $countries: ReadableAtom<Country[]>;
  $draft: ReadableAtom<AddressDraft>;
  /** The states of the draft's country. */
  $draftStates: ReadableAtom<State[]>;
  /** Which of the draft's fields show the valid mark. */
  $draftMarks: ReadableAtom<AddressMarks>;
  /** Starts editing `address` (adding one when undefined). */
  editAddress: (address: MailingAddress | undefined) => void;
  /** Changes fields of the draft; a new country clears the state (spec 2.3). */
  changeDraft: (change: Partial<AddressForm>) => void;
  /** Saves the draft (POST or PUT) and reloads the addresses; throws the server's words. */
  saveDraft: () => Promise<MailingAddress | undefined>;
  /** Deletes an address; the words of a refusal, or undefined when it was deleted. */
  deleteAddress: (userId: number, address: MailingAddress) => Promise<string | undefined>;
}

/** The default address of a list (spec 3: isDefault), or the first, or undefined. */
export function defaultAddressOf(addresses: readonly MailingAddress[]): MailingAddress | undefined {
  return addresses.find((address) => address.isDefault) ?? addresses[0];
}

/** The marks of a form (spec 5). */
export function marksOf(form: AddressForm): AddressMarks {
  const marks = {} as AddressMarks;
  for (const field of Object.keys(form) as (keyof AddressForm)[]) {
    marks[field] = isFieldValid(field, form);
  }
  return marks;
}

/**
 * Builds the address store: the list comes from the customer store (one GET /api/customer a
 * page), the country and state lists load once each, and saving or deleting reloads the list.
 */
export function createAddressStore(deps: AddressDeps = {}): AddressStore {
  const customer = deps.customer ?? pageCustomer;
  const log = deps.log ?? ((message, error) => console.error(message, error));
  const { request } = deps;

  const $addresses = computed(customer.$customer, (state) =>
    state.fetched ? (state.customer?.MailingAddresses ?? []) : null,
  );
  const $addressesError = computed(customer.$customer, (state) => state.error);

  const $countries = atom<Country[]>([]);
  onMount($countries, () => {
    if (deps.browser === false) return;
    getCountries(request)
      .then((reply) => $countries.set(reply.countries))
      .catch((error: unknown) => log('[account] countries failed to load:', error));
  });

  const $draft = atom<AddressDraft>({
    address: undefined,
    form: formFromAddress(undefined),
    saving: false,
  });
  const $draftMarks = computed($draft, (draft) => marksOf(draft.form));

  const $draftStates = atom<State[]>([]);
  const states = new Map<string, Promise<State[]>>();
  const statesOf = (countryCode: string) => {
    let found = states.get(countryCode);
    if (found === undefined) {
      found = getStates(countryCode, request).then((reply) => reply.states);
      // A failed list is asked again next time.
      found.catch(() => states.delete(countryCode));
      states.set(countryCode, found);
    }
    return found;
  };
  onMount($draftStates, () =>
    $draft.subscribe(({ form: { countryCode } }) => {
      if (countryCode === '') {
        $draftStates.set([]);
        return;
      }
      statesOf(countryCode)
        .then((list) => {
          // A late list of a country no longer chosen is dropped.
          if ($draft.get().form.countryCode === countryCode) $draftStates.set(list);
        })
        .catch((error: unknown) => log('[account] states failed to load:', error));
    }),
  );

  const editAddress = (address: MailingAddress | undefined) => {
    // spec 2.3: the form re-initialises when the address changes (and only then: closing
    // and reopening the same address keeps what was typed).
    if (address === $draft.get().address) return;
    $draft.set({ address, form: formFromAddress(address), saving: false });
  };

  const changeDraft = (change: Partial<AddressForm>) => {
    const draft = $draft.get();
    const form = { ...draft.form, ...change };
    if (change.countryCode !== undefined && change.stateCode === undefined) form.stateCode = '';
    $draft.set({ ...draft, form });
  };

  const saveDraft = async () => {
    const draft = $draft.get();
    if (draft.saving) return undefined;
    $draft.set({ ...draft, saving: true });
    try {
      const { address, form } = draft;
      const reply = await saveAddress(address?.id, addressPayload(form), request);
      if (!reply.mailingAddress) throw new Error(NOT_SAVED); // spec 8
      await customer.reloadCustomer();
      return reply.mailingAddress;
    } finally {
      $draft.set({ ...$draft.get(), saving: false });
    }
  };

  const deleteAddress = async (userId: number, address: MailingAddress) => {
    try {
      const reply = await deleteOne(userId, address.id, request);
      if (!reply.success) return reply.error ?? REMOVE_FAILED; // spec 8
    } catch (error) {
      return messageOf(error) || REMOVE_FAILED;
    }
    await customer.reloadCustomer();
    return undefined;
  };

  return {
    $addresses,
    $addressesError,
    $countries,
    $draft,
    $draftStates,
    $draftMarks,
    editAddress,
    changeDraft,
    saveDraft,
    deleteAddress,
  };
}

const store = createAddressStore({ browser: typeof window !== 'undefined' });

/** The address list (from the page's one customer call), its error, and deleting. */
export const { $addresses, $addressesError, deleteAddress } = store;
/** The address dialog: its draft, the draft's marks and region lists, and its actions. */
export const { $draft, $draftMarks, $draftStates, $countries } = store;
export const { editAddress, changeDraft, saveDraft } = store;
