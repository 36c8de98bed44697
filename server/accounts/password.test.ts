import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password only, with a new salt each time', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
  });

  it.each(['', 'plain', 'scrypt$1$2$3$$', 'scrypt$99999999$8$1$c2FsdA$a2V5', 'bcrypt$x$y$z$a$b'])(
    'never matches the malformed stored value %j',
    async (stored) => {
      expect(await verifyPassword('x', stored)).toBe(false);
    },
  );
});
