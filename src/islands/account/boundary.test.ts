import { describe, expect, it } from 'vitest';
import AccountHome from './AccountHome.tsx';
import AuthForm from './AuthForm.tsx';
import { OrderDetail, OrderList } from './Orders.tsx';
import RecoveryEmail from './RecoveryEmail.tsx';
import Wallet from './Wallet.tsx';

// every island sits in the shared error boundary (README, "an island"), so a
// render error shows 'Oops.' in its place instead of breaking the account page around it.
describe('the account islands', () => {
  it.each([
    ['AccountHome', AccountHome],
    ['AuthForm', AuthForm],
    ['OrderList', OrderList],
    ['OrderDetail', OrderDetail],
    ['RecoveryEmail', RecoveryEmail],
    ['Wallet', Wallet],
  ])('%s is wrapped in the shared error boundary', (_, island) => {
    expect(island.displayName).toMatch(/^WithErrorBoundary\(/);
  });
});
