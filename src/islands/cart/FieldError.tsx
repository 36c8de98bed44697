/**
 * A cart field's error under it, announced when it appears; nothing while there is none.
 * `id` is what the field's aria-describedby names.
 */
export function FieldError({ id, error }: { id?: string; error: string | null }) {
  if (error === null) return null;
  return (
    <p id={id} className="cart-field-error" role="alert">
      {error}
    </p>
  );
}
