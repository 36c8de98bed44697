import { useId, useState, type FormEvent } from 'react';
import type { CartState } from '../../lib/cart/checkout.ts';
import { trackLoading } from '../../stores/loading.ts';
import { applyDiscountCode, removeDiscountCode } from '../../stores/cart.ts';
import { showToast } from '../../stores/toast.ts';
import { FieldError } from './FieldError.tsx';

/** Discount codes on /cart.php: apply, remove, and the server's refusal shown in words. */
export function DiscountCodes({ cart }: { cart: CartState }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const run = (work: Promise<void>, done: string) => {
    setBusy(true);
    setError(null);
    trackLoading(work)
      .then(() => {
        setCode('');
        showToast({ variant: 'success', message: done });
      })
      .catch((failure: unknown) => setError((failure as Error).message))
      .finally(() => setBusy(false));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError('Enter a discount code.');
      return;
    }
    run(applyDiscountCode(code), 'Discount code applied');
  };

  return (
    <section className="cart-panel" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Discount code</h2>
      {cart.discountCode && (
        <p className="cart-applied-code">
          Applied: <strong>{cart.discountCode}</strong>{' '}
          <button
            type="button"
            className="link-button cart-link-button"
            disabled={busy}
            aria-label={`Remove discount code ${cart.discountCode}`}
            onClick={() =>
              run(removeDiscountCode(cart.discountCode ?? ''), 'Discount code removed')
            }
          >
            Remove
          </button>
        </p>
      )}
      <form className="cart-inline-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={inputId}>Discount code</label>
        <input
          id={inputId}
          type="text"
          autoComplete="off"
          maxLength={64}
          value={code}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="cart-button-secondary" disabled={busy}>
          Apply
        </button>
      </form>
      <FieldError id={errorId} error={error} />
    </section>
  );
}
