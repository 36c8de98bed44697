import { describe, expect, it, vi } from 'vitest';
import { CONTACT_EXAMPLE } from '../../../shared/contracts/contact-message.testing.ts';
import type { JsonReply } from '../api/reply.ts';
import { CONTACT_FAILED, sendContact, unreachableText } from './contact-send.ts';

const PHONE = '1-800-555-0199';
/** The example with spaces around a one-word name, and no phone. */
const values = { ...CONTACT_EXAMPLE, name: ' Ann ', phone: '' };
const reply = (status: number, body: unknown): JsonReply => ({
  status,
  statusText: '',
  ok: status >= 200 && status < 300,
  readable: body !== undefined,
  body,
});

describe('sendContact', () => {
  it('sends the checked message and confirms with its number and the reply address', async () => {
    const send = vi.fn(() => Promise.resolve(reply(201, { success: true, id: 12 })));
    expect(await sendContact(values, send, PHONE)).toEqual({
      kind: 'sent',
      confirmation:
        'Thank you, Ann! Your message #12 has been sent. We will reply to ann@example.com, usually within one business day.',
    });
    expect(send).toHaveBeenCalledWith({ ...values, name: 'Ann' });
  });

  it('sends nothing while a field needs the shopper', async () => {
    const send = vi.fn(() => Promise.resolve(reply(201, {})));
    expect(await sendContact({ ...values, email: 'ann' }, send, PHONE)).toEqual({
      kind: 'invalid',
      errors: { email: 'Enter a valid email address.' },
    });
    expect(send).not.toHaveBeenCalled();
  });

  it("gives the API's own words for a refusal, such as the hourly limit", async () => {
    const refusal = 'You have sent us several messages in the last hour.';
    const send = () => Promise.resolve(reply(429, { error: refusal }));
    expect(await sendContact(values, send, PHONE)).toEqual({ kind: 'failed', message: refusal });
  });

  it('says something went wrong when a refusal has no words', async () => {
    const send = () => Promise.resolve(reply(502, undefined));
    expect(await sendContact(values, send, PHONE)).toEqual({
      kind: 'failed',
      message: CONTACT_FAILED,
    });
  });

  it('offers the phone when the store could not be reached', async () => {
    const send = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await sendContact(values, send, PHONE)).toEqual({
      kind: 'failed',
      message: unreachableText(PHONE),
    });
    expect(unreachableText(PHONE)).toContain(`call us at ${PHONE}`);
  });
});
