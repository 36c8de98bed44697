import { PRODUCTION_MIN_DIFFICULTY } from '../../shared/proof-of-work.ts';
import { isLocalUrl, isProduction, type Env } from '../../shared/env.ts';

/** The merchandiser token documented in .env.example: fine on this machine, nowhere else. */
export const EXAMPLE_ADMIN_TOKEN = 'local-merchandiser-token-change-me';

/** Shortest secret accepted in production (32 characters of base64url carry 192 bits). */
export const MIN_SECRET_LENGTH = 32;

/**
 * Fewest different characters a production secret may have: 32 random hex digits show about
 * 14 (fewer than 8 about once in 30 million), base64url about 25; 'aaaa…' or '0123…' 1 or 4.
 */
export const MIN_DISTINCT_CHARACTERS = 8;

/** Words that mark a placeholder someone meant to replace, not a generated secret. */
const PLACEHOLDER = /change-?me|example|password|secret|token|merchandiser|admin|default/i;

/**
 * What an `Authorization: Bearer` token may be made of (RFC 6750's b64token), which Hono's
 * bearer auth holds the merchandiser's header to: a token with other characters could never
 * be sent, so every merchandiser call would be refused.
 */
const BEARER_TOKEN = /^[A-Za-z0-9._~+/-]+=*$/;

const HOW_TO_MAKE = `node -e "console.log(require('node:crypto').randomBytes(32).toString('base64url'))"`;

/** What decides whether the API runs as production, and what production needs. */
export type DeploymentSettings = Pick<Env, 'NODE_ENV' | 'SITE_URL'> &
  Partial<
    Pick<Env, 'ADMIN_TOKEN' | 'PROXY_SECRET' | 'SMTP_URL' | 'BOT_CHECK' | 'BOT_CHECK_DIFFICULTY'>
  >;

export { isProduction };

/** Why `value` is not a secret fit for production, or undefined when it is. */
export function secretProblem(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return `${name} is not set.`;
  if (value === EXAMPLE_ADMIN_TOKEN || PLACEHOLDER.test(value)) {
    return `${name} is a placeholder, not a generated secret.`;
  }
  if (value.length < MIN_SECRET_LENGTH) {
    return `${name} is ${String(value.length)} characters; use at least ${String(MIN_SECRET_LENGTH)}.`;
  }
  if (new Set(value).size < MIN_DISTINCT_CHARACTERS) {
    return `${name} does not look random (${String(new Set(value).size)} different characters).`;
  }
  return undefined;
}

/**
 * Everything that keeps these settings from running in production; empty outside production
 * or when all is well. Production needs:
 * - an ADMIN_TOKEN of at least 32 random characters, not the documented example (with it,
 *   GET /api/admin/outbox read anyone's password-reset link);
 * - a PROXY_SECRET of the same kind, different from the token, so that only the web server's
 *   X-Forwarded-* headers count;
 * - SMTP_URL: mail goes through a real mail server (the outbox is a development transport);
 * - an https SITE_URL, since links in emails carry single-use tokens;
 * - a bot check a script cannot pass for free: reCAPTCHA, or the proof of work at
 *   PRODUCTION_MIN_DIFFICULTY bits or more (the free local token let 60 of 60 scripted
 *   password guesses past the sign-in wall).
 */
export function deploymentProblems(settings: DeploymentSettings): string[] {
  if (!isProduction(settings)) return [];
  const problems = [
    secretProblem('ADMIN_TOKEN', settings.ADMIN_TOKEN),
    secretProblem('PROXY_SECRET', settings.PROXY_SECRET),
  ].filter((problem) => problem !== undefined);
  if (settings.ADMIN_TOKEN && !BEARER_TOKEN.test(settings.ADMIN_TOKEN)) {
    problems.push(
      'ADMIN_TOKEN has characters a Bearer token cannot carry: use letters, digits and - . _ ~ + / (base64url or hex).',
    );
  }
  if (settings.ADMIN_TOKEN !== undefined && settings.ADMIN_TOKEN === settings.PROXY_SECRET) {
    problems.push('PROXY_SECRET must differ from ADMIN_TOKEN.');
  }
  if (settings.SMTP_URL === undefined) {
    problems.push(
      'SMTP_URL is not set: production mail goes through a mail server (the outbox is for development).',
    );
  }
  const site = new URL(settings.SITE_URL);
  if (site.protocol !== 'https:' && !isLocalUrl(settings.SITE_URL)) {
    problems.push(`SITE_URL must be https (links in emails carry sign-in tokens).`);
  }
  // Unset, both are what shared/env.ts defaults them to: the proof of work at the minimum.
  const bits = settings.BOT_CHECK_DIFFICULTY ?? PRODUCTION_MIN_DIFFICULTY;
  if (
    (settings.BOT_CHECK ?? 'proof-of-work') === 'proof-of-work' &&
    bits < PRODUCTION_MIN_DIFFICULTY
  ) {
    problems.push(
      `BOT_CHECK_DIFFICULTY is ${String(bits)} bits: a script passes that bot check almost for free; use at least ${String(PRODUCTION_MIN_DIFFICULTY)} (the default), or BOT_CHECK=recaptcha.`,
    );
  }
  return problems;
}

/**
 * Throws, naming every setting to fix, when the API must not start with these settings.
 * @example assertDeployable({ ...env, ADMIN_TOKEN: adminToken }); // before listening
 */
export function assertDeployable(settings: DeploymentSettings): void {
  const problems = deploymentProblems(settings);
  if (problems.length === 0) return;
  throw new Error(
    [
      'The API refuses to start in production (NODE_ENV=production or a SITE_URL off this machine):',
      ...problems.map((problem) => `- ${problem}`),
      `Make a secret with: ${HOW_TO_MAKE}`,
    ].join('\n'),
  );
}
