import { describe, expect, it } from 'vitest';
import { senderFromForm } from './sender.ts';

describe('senderFromForm', () => {
  it('trims the fields, leaves out none, and names what is wrong', () => {
    expect(senderFromForm({ name: ' Ann ', email: 'ann@' })).toEqual({
      sender: { name: 'Ann', email: 'ann@', phone: '' },
      errors: { email: 'Enter a valid email address.' },
    });
  });

  it('has no errors for a sender the forms take', () => {
    expect(senderFromForm({ name: 'Ann', email: 'ann@example.com', phone: '555-0100' })).toEqual({
      sender: { name: 'Ann', email: 'ann@example.com', phone: '555-0100' },
      errors: {},
    });
  });
});
