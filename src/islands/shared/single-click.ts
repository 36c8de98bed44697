/**
 * A click handler for a button that removes its own row, card or column. The second click of
 * a double click is ignored: by the time it lands, the first may already have removed the
 * row, and the next row's button has moved under the pointer. Without this, a double click
 * on "Remove" removes two lines. The browser counts clicks by time and position (`detail` is
 * 2 for the second), not by target, so the count survives the row changing underneath.
 * A keyboard press has detail 0 and always acts.
 */
export function singleClick<E extends { detail: number }>(
  handler: (event: E) => void,
): (event: E) => void {
  return (event) => {
    if (event.detail > 1) return;
    handler(event);
  };
}
