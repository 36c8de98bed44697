import { describe, expect, it } from 'vitest';
import { eachCase } from '../../../shared/each-case.testing.ts';
import { signedInApi } from '../../stores/account-api.testing.ts';
import {
  canDelete,
  decimalOfCents,
  paymentMethodUpdate,
  updateRefusal,
} from '../../../shared/contracts/wallet-rules.ts';
import {
  PaymentMethodsReplySchema,
  TransactionsReplySchema,
} from '../../../shared/contracts/wallet.ts';
import {
  CustomerReplySchema,
  MailingAddressReplySchema,
} from '../../../shared/contracts/addresses.ts';

describe('the account wire contracts', () => {
  it("hold for the reference server's replies", async () => {
    const api = await signedInApi();
    const address = await api.browser.call('POST', '/api/mailingAddresses', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address1: '12 Main St',
      zip: '78701',
      phone: '+1 512 555 0100',
      countryCode: 'US',
      stateCode: 'TX',
    });
    const { mailingAddress } = MailingAddressReplySchema.parse(address.body);
    api.addVisa('4242', mailingAddress.id);
    api.addGiftCard();
    api.addTransaction('ORD-1', 1250);
    const user = `/api/user/${String(api.userId)}`;
    const customer = CustomerReplySchema.parse(
      (await api.browser.call('GET', '/api/customer')).body,
    );
    expect(customer.customer?.MailingAddresses).toEqual([mailingAddress]);
    const wallet = PaymentMethodsReplySchema.parse(
      (await api.browser.call('GET', `${user}/paymentMethods`)).body,
    );
    expect(wallet.paymentMethods.map((m) => m.isAbtraGiftCard)).toEqual([true, false]);
    const history = TransactionsReplySchema.parse(
      (await api.browser.call('GET', `${user}/transactions`)).body,
    );
    expect(history.transactions[0]?.amount).toBe('12.50');
  });

  it('refuse a reply that drifted', () => {
    expect(
      PaymentMethodsReplySchema.safeParse({
        paymentMethods: [{ id: 1, brand: 'visa', last4: '4242', creditCents: 100 }],
      }).success,
    ).toBe(false);
    expect(TransactionsReplySchema.safeParse({ transactions: [{ amount: 12.5 }] }).success).toBe(
      false,
    );
  });
});

describe('wallet rules', () => {
  eachCase('writes %i cents as the API writes money: %s', decimalOfCents, [
    [1250, '12.50'],
    [0, '0.00'],
    [5, '0.05'],
  ]);

  it('states the kind of method an update changes, and refuses a mismatch', () => {
    const card = { isAbtraGiftCard: false };
    const gift = { isAbtraGiftCard: true };
    expect(paymentMethodUpdate(card, 7)).toEqual({ mailingAddressId: 7, isAbtraGiftCard: false });
    expect(updateRefusal(card, paymentMethodUpdate(card, 7))).toBeUndefined();
    expect(updateRefusal(card, { isAbtraGiftCard: undefined })).toBeUndefined();
    expect(updateRefusal(card, paymentMethodUpdate(gift, 7))).toBe(
      'This payment method is not a gift card wallet.',
    );
    expect(updateRefusal(gift, paymentMethodUpdate(card, 7))).toBe(
      'This payment method is a gift card wallet.',
    );
  });

  it('lets cards be deleted, not gift-card wallets', () => {
    expect(canDelete({ isAbtraGiftCard: false })).toBe(true);
    expect(canDelete({ isAbtraGiftCard: true })).toBe(false);
  });
});
