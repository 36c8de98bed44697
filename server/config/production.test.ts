import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_MIN_DIFFICULTY } from '../../shared/proof-of-work.ts';
import {
  assertDeployable,
  deploymentProblems,
  EXAMPLE_ADMIN_TOKEN,
  isProduction,
  secretProblem,
  type DeploymentSettings,
} from './production.ts';

const random = () => randomBytes(32).toString('base64url');

/** Settings a production deployment may start with. */
const good = (): DeploymentSettings => ({
  NODE_ENV: 'production',
  SITE_URL: 'https://shop.example.com',
  ADMIN_TOKEN: random(),
  PROXY_SECRET: random(),
  SMTP_URL: 'smtps://apikey:pw@smtp.example.com:465',
});

describe('isProduction', () => {
  it('is NODE_ENV=production or a SITE_URL off this machine', () => {
    const local = 'http://localhost:4321';
    expect(isProduction({ NODE_ENV: 'development', SITE_URL: local })).toBe(false);
    expect(isProduction({ NODE_ENV: 'test', SITE_URL: 'http://127.0.0.1:4400' })).toBe(false);
    expect(isProduction({ NODE_ENV: 'development', SITE_URL: 'http://[::1]:4321' })).toBe(false);
    expect(isProduction({ NODE_ENV: 'production', SITE_URL: local })).toBe(true);
    expect(isProduction({ NODE_ENV: 'development', SITE_URL: 'https://shop.example.com' })).toBe(
      true,
    );
    // A look-alike is not this machine.
    expect(
      isProduction({ NODE_ENV: 'development', SITE_URL: 'http://localhost.evil.example' }),
    ).toBe(true);
  });
});

describe('secretProblem', () => {
  it('accepts generated secrets: base64url and hex', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(secretProblem('ADMIN_TOKEN', random())).toBeUndefined();
      expect(secretProblem('ADMIN_TOKEN', randomBytes(16).toString('hex'))).toBeUndefined();
    }
  });

  it('refuses a missing, example, short or patterned value', () => {
    expect(secretProblem('ADMIN_TOKEN', undefined)).toMatch(/not set/);
    expect(secretProblem('ADMIN_TOKEN', '')).toMatch(/not set/);
    expect(secretProblem('ADMIN_TOKEN', EXAMPLE_ADMIN_TOKEN)).toMatch(/placeholder/);
    expect(secretProblem('ADMIN_TOKEN', `${EXAMPLE_ADMIN_TOKEN}-2026-please`)).toMatch(
      /placeholder/,
    );
    expect(secretProblem('ADMIN_TOKEN', 'Z8k2Qp9xLm4vT7wR')).toMatch(/16 characters/);
    expect(secretProblem('ADMIN_TOKEN', 'a'.repeat(40))).toMatch(/does not look random/);
    expect(secretProblem('ADMIN_TOKEN', '0123'.repeat(10))).toMatch(/does not look random/);
  });
});

describe('deploymentProblems', () => {
  it('asks nothing of development on this machine', () => {
    expect(
      deploymentProblems({ NODE_ENV: 'development', SITE_URL: 'http://localhost:4321' }),
    ).toEqual([]);
  });

  it('passes a complete production setting', () => {
    expect(deploymentProblems(good())).toEqual([]);
  });

  it('names every missing or weak setting of production', () => {
    const problems = deploymentProblems({
      NODE_ENV: 'development',
      SITE_URL: 'http://shop.example.com',
      ADMIN_TOKEN: EXAMPLE_ADMIN_TOKEN,
    });
    expect(problems).toEqual([
      expect.stringMatching(/^ADMIN_TOKEN is a placeholder/),
      expect.stringMatching(/^PROXY_SECRET is not set/),
      expect.stringMatching(/^SMTP_URL is not set/),
      expect.stringMatching(/^SITE_URL must be https/),
    ]);
  });

  it('refuses a token a Bearer header cannot carry, which would refuse every merchandiser call', () => {
    const token = `${random()}!`;
    expect(deploymentProblems({ ...good(), ADMIN_TOKEN: token })).toEqual([
      expect.stringMatching(/^ADMIN_TOKEN has characters a Bearer token cannot carry/),
    ]);
    expect(deploymentProblems({ ...good(), ADMIN_TOKEN: `${random()}==` })).toEqual([]);
  });

  it('refuses a proof-of-work bot check a script passes almost for free, and says why', () => {
    expect(deploymentProblems({ ...good(), BOT_CHECK_DIFFICULTY: 8 })).toEqual([
      'BOT_CHECK_DIFFICULTY is 8 bits: a script passes that bot check almost for free; use at least 20 (the default), or BOT_CHECK=recaptcha.',
    ]);
    expect(
      deploymentProblems({
        ...good(),
        BOT_CHECK: 'proof-of-work',
        BOT_CHECK_DIFFICULTY: PRODUCTION_MIN_DIFFICULTY - 1,
      }),
    ).toHaveLength(1);
    // At the minimum, with reCAPTCHA, or outside production, nothing to say.
    expect(
      deploymentProblems({ ...good(), BOT_CHECK_DIFFICULTY: PRODUCTION_MIN_DIFFICULTY }),
    ).toEqual([]);
    expect(
      deploymentProblems({ ...good(), BOT_CHECK: 'recaptcha', BOT_CHECK_DIFFICULTY: 8 }),
    ).toEqual([]);
    expect(
      deploymentProblems({
        NODE_ENV: 'development',
        SITE_URL: 'http://localhost:4321',
        BOT_CHECK_DIFFICULTY: 8,
      }),
    ).toEqual([]);
  });

  it('refuses one secret used for both jobs', () => {
    const shared = random();
    expect(deploymentProblems({ ...good(), ADMIN_TOKEN: shared, PROXY_SECRET: shared })).toEqual([
      'PROXY_SECRET must differ from ADMIN_TOKEN.',
    ]);
  });
});

describe('assertDeployable', () => {
  it('throws with what to set, and how to make a secret', () => {
    const { SMTP_URL: _unused, ...withoutMail } = good();
    expect(() => assertDeployable(withoutMail)).toThrow(/refuses to start[\s\S]*SMTP_URL/);
    expect(() => assertDeployable(withoutMail)).toThrow(/randomBytes\(32\)/);
    expect(() => assertDeployable(good())).not.toThrow();
    expect(() => assertDeployable({ ...good(), BOT_CHECK_DIFFICULTY: 4 })).toThrow(
      /refuses to start[\s\S]*- BOT_CHECK_DIFFICULTY is 4 bits/,
    );
  });
});
