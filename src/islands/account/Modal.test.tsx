import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal.tsx';

// No DOM renderer is installed: the markup is checked here, opening and closing in
// tests/e2e/account.spec.ts and wallet-brands.spec.ts.
const noop = () => undefined;

describe('Modal', () => {
  it('is a dialog named by its heading and described by its text', () => {
    const html = renderToStaticMarkup(
      <Modal open titleId="t" title="Delete payment method" describedBy="d" onCancel={noop}>
        <p id="d">Are you sure?</p>
      </Modal>,
    );
    expect(html).toBe(
      '<dialog aria-labelledby="t" aria-describedby="d"><div class="dialog-head">' +
        '<h2 id="t">Delete payment method</h2></div><p id="d">Are you sure?</p></dialog>',
    );
  });

  it('wraps its content in one form when it submits', () => {
    const html = renderToStaticMarkup(
      <Modal open={false} titleId="t" title="Edit Mailing Address" onCancel={noop} onSubmit={noop}>
        <button type="submit">Confirm</button>
      </Modal>,
    );
    expect(html).toBe(
      '<dialog aria-labelledby="t"><form><div class="dialog-head"><h2 id="t">Edit Mailing Address</h2>' +
        '</div><button type="submit">Confirm</button></form></dialog>',
    );
  });
});
