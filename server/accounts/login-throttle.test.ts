import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

function throttle(options: Partial<ConstructorParameters<typeof LoginThrottle>[0]> = {}) {
  const clock = { at: 1_000_000 };
  return { clock, limits: new LoginThrottle({ now: () => clock.at, ...options }) };
}

describe('LoginThrottle', () => {
  it('lets a pair fail freely a few times, then doubles its wait up to the cap', () => {
    const { clock, limits } = throttle({ maxDelayMs: 60_000 });
    const waits: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      limits.failed('ada@example.com', '10.0.0.1');
      waits.push(limits.waitSeconds('ada@example.com', '10.0.0.1'));
    }
    expect(waits).toEqual([0, 0, 1, 2, 4, 8, 16, 32, 60, 60]);
    clock.at += 59_000;
    expect(limits.waitSeconds('ada@example.com', '10.0.0.1')).toBe(1);
    clock.at += 1000;
    expect(limits.waitSeconds('ada@example.com', '10.0.0.1')).toBe(0);
  });

  it("never makes another address wait for a stranger's failures", () => {
    const { limits } = throttle();
    for (let i = 0; i < 50; i += 1) limits.failed('ada@example.com', `10.0.${i}.1`);
    for (let i = 0; i < 20; i += 1) limits.failed('ada@example.com', '6.6.6.6');
    expect(limits.waitSeconds('ada@example.com', '6.6.6.6')).toBeGreaterThan(0);
    expect(limits.waitSeconds('ada@example.com', '192.0.2.7')).toBe(0);
    expect(limits.waitSeconds('other@example.com', '6.6.6.6')).toBe(0);
  });

  it('asks for the bot check after several failures of an email from anywhere', () => {
    const { limits } = throttle({ botCheckAfter: 5 });
    for (let i = 0; i < 4; i += 1) limits.failed('Ada@Example.com ', `10.0.0.${i}`);
    expect(limits.needsBotCheck('ada@example.com')).toBe(false);
    limits.failed('ada@example.com', '10.0.0.9');
    expect(limits.needsBotCheck('ADA@example.com')).toBe(true);
    expect(limits.needsBotCheck('bob@example.com')).toBe(false);
  });

  it('forgets the pair on success, the email only with time', () => {
    const { clock, limits } = throttle({ botCheckAfter: 3, forgetAfterMs: 60_000 });
    for (let i = 0; i < 4; i += 1) limits.failed('ada@example.com', '10.0.0.1');
    expect(limits.waitSeconds('ada@example.com', '10.0.0.1')).toBeGreaterThan(0);
    limits.succeeded('ada@example.com', '10.0.0.1');
    expect(limits.waitSeconds('ada@example.com', '10.0.0.1')).toBe(0);
    expect(limits.needsBotCheck('ada@example.com')).toBe(true);
    clock.at += 60_001;
    expect(limits.needsBotCheck('ada@example.com')).toBe(false);
  });

  it('keeps at most maxKeys keys, dropping the oldest', () => {
    const { limits } = throttle({ botCheckAfter: 1, maxKeys: 100 });
    limits.failed('first@example.com', '10.0.0.1');
    for (let i = 0; i < 200; i += 1) limits.failed(`u${String(i)}@example.com`, '10.0.0.1');
    expect(limits.needsBotCheck('first@example.com')).toBe(false);
    expect(limits.needsBotCheck('u199@example.com')).toBe(true);
  });
});
