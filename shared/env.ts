import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { MAX_DIFFICULTY, PRODUCTION_MIN_DIFFICULTY } from './proof-of-work.ts';

/**
 * The one place that reads the environment (STYLE: "Configuration in one place").
 * Every variable is listed, with its meaning, in `.env.example`.
 */

/** SUPPORT_CHAT's shape; chatEntry() checks the values (https, identifiers, origins). */
const supportChatSchema = z.strictObject({
  scriptUrl: z.string(),
  widgetId: z.string(),
  providerGlobal: z.string(),
  label: z.string(),
  connectOrigins: z.array(z.string()).optional(),
  frameOrigins: z.array(z.string()).optional(),
});

export const envSchema = z
  .object({
    /** The web server's port; 0 lets the system pick one (the test stacks' web servers do). */
    PORT: z.coerce.number().int().min(0).max(65535).default(4321),
    /**
     * The address the web server of `npm start` listens on: this machine only, unless set
     * (0.0.0.0 or an interface's address shows the store to the network).
     */
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    /** 0 lets the system pick a free port (the test and bench stacks do). */
    API_PORT: z.coerce.number().int().min(0).max(65535).default(4322),
    API_HOST: z.string().min(1).default('127.0.0.1'),
    API_URL: z.url().default('http://127.0.0.1:4322'),
    DATA_DIR: z.string().min(1).default('./data'),
    /**
     * The storefront's canonical origin: canonical links, the sitemap, structured data, and
     * every link in an email (never from the request's Host). A host other
     * than localhost makes the API run as production (server/config/production.ts).
     */
    SITE_URL: z.url().default('http://localhost:4321'),
    /**
     * The merchandiser token (`Authorization: Bearer` on /api/admin and the publish calls).
     * Unset: each data folder makes its own random one on first start and keeps it in
     * `<DATA_DIR>/merchandiser-token` (shared/merchandiser-token.ts); there is no default.
     */
    ADMIN_TOKEN: z.string().min(16).optional(),
    SEED_PRODUCTS: z.coerce.number().int().min(1).max(1_000_000).default(2000),
    /** Where `astro build` writes the site, and where Astro keeps its caches between builds. */
    BUILD_OUT_DIR: z.string().min(1).default('./dist'),
    BUILD_CACHE_DIR: z.string().min(1).default('./node_modules/.astro'),
    /**
     * Publishing: each publish builds a release in `<PUBLISH_DIR>/releases/<id>`
     * and BUILD_OUT_DIR becomes a symlink to the live one; history.json and the lock live here.
     */
    PUBLISH_DIR: z.string().min(1).default('./publish'),
    /** Releases kept for rollback, the live one included. */
    PUBLISH_KEEP: z.coerce.number().int().min(2).max(100).default(5),
    /** How long a release keeps serving the hashed assets of the ones before it (open tabs). */
    PUBLISH_ASSET_GRACE_HOURS: z.coerce
      .number()
      .min(0)
      .max(24 * 90)
      .default(48),
    /**
     * The running store's watch mode: publish once the change feed has been quiet this many
     * seconds. 0 (the default) leaves publishing to the page, the API call and the CLI.
     */
    PUBLISH_WATCH_SECONDS: z.coerce.number().min(0).max(3600).default(0),
    /**
     * The warm renderer (publisher/warm): a publish of product changes renders only
     * the changed pages when at most this many changed; more take a full build. 0 turns the
     * warm renderer off (every publish is a full build, and no bundle stays in memory). At
     * 100,000 products the warm renderer writes about 200 pages a second after 20 s of
     * listing, where a full build takes 4.5 minutes even with most pages in its cache: 20,000
     * keeps the rename of the biggest collection (5,554 pages) warm and sends a new day's
     * prices (every product page) to a full build.
     */
    PUBLISH_WARM_MAX_PAGES: z.coerce.number().int().min(0).default(20_000),
    /** Where `npm run publish` finds a running store's publisher (unset: this machine's PORT). */
    PUBLISH_URL: z.url().optional(),
    /**
     * The publish service that `npm run serve` passes /admin/publish and /api/admin/publish to
     * (its loopback address; the stack sets it for the web server it starts). Unset: those
     * paths are not found, as without a publisher.
     */
    PUBLISH_UPSTREAM: z.url().optional(),
    /**
     * Where a build keeps Astro's prerender bundle and what its workers need, for the publisher's
     * warm renderer (publisher/warm). Unset: the bundle is removed, as Astro does.
     */
    BUILD_RENDERER_DIR: z.string().min(1).optional(),
    /** Worker threads that render the build's pages; 0 or 1 renders them in the build process. */
    PRERENDER_WORKERS: z.coerce.number().int().min(0).max(64).default(availableParallelism),
    /** A file the build appends its threads' memory to every 5 s while pages render. */
    PRERENDER_MEMORY_LOG: z.string().min(1).optional(),
    /** Set by `npm test` once it serves a build; Playwright starts its own server otherwise. */
    E2E_BASE_URL: z.url().optional(),
    /** The same build served by the local Node server (`npm start`'s), for the smoke subset. */
    E2E_SMOKE_BASE_URL: z.url().optional(),
    /** The API process itself: the merchandiser API is not proxied to the public site. */
    E2E_API_URL: z.url().optional(),
    /** The port `npm run test:e2e` serves its own throwaway store on (two checkouts can differ). */
    E2E_PORT: z.coerce.number().int().min(1).max(65_535).default(4400),
    /**
     * Playwright's traces: a failure's by default, for a run on one's own machine. `npm test`
     * turns them off: they cost a third of the suite's time (docs/testing.md).
     */
    E2E_TRACE: z.enum(['off', 'retain-on-failure', 'on']).default('retain-on-failure'),
    CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * The hops in front of the web server (a TLS terminator, a CDN) whose X-Forwarded-For,
     * -Proto and -Host are believed: comma-separated addresses or CIDR ranges, or the words
     * `loopback` and `private`. Unset: nobody's; the web server's own view counts.
     * @example TRUST_PROXY=loopback,10.0.0.0/8
     */
    TRUST_PROXY: z.string().trim().default(''),
    /**
     * The secret the web server (nginx or the local Node server) sends to the API with every
     * proxied request, so that the API believes its X-Forwarded-* headers and no other
     * caller's. The start scripts make a random one per run when it is unset.
     */
    PROXY_SECRET: z.string().min(32).optional(),
    /** Whether the web server also proxies /api/admin (the merchandiser API) to the public. */
    ADMIN_API_PUBLIC: z
      .enum(['true', 'false', '1', '0', ''])
      .default('')
      .transform((value) => value === 'true' || value === '1'),
    /**
     * The mail server the API sends every email through, as a URL:
     * `smtp://` (STARTTLS when offered; add `?requireTLS=true` to insist) or `smtps://`
     * (TLS from the first byte), with the account in it. Unset: emails land in the outbox
     * table that GET /api/admin/outbox lists, a development transport; production refuses to
     * start without a mail server (server/config/production.ts).
     * @example SMTP_URL=smtps://apikey:s3cret@smtp.example.com:465
     */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'use smtp://... or smtps://...' }).optional(),
    /**
     * The From of every email: an address or `Name <address>`. Unset: no-reply at SITE_URL's
     * host (`no-reply@shop.example.com`).
     */
    MAIL_FROM: z.string().trim().min(3).max(200).optional(),
    /**
     * The bot check of sign-in after repeated failures and of the recovery-email calls: the
     * API's own proof of work, or Google reCAPTCHA. (`local`, a free token, is gone.)
     */
    BOT_CHECK: z
      .enum(['proof-of-work', 'recaptcha'], {
        error: 'use proof-of-work or recaptcha (local, a free token, is gone)',
      })
      .default('proof-of-work'),
    /**
     * Leading zero bits a proof-of-work token's SHA-256 needs: each bit doubles the hashes a
     * client tries (20: about a million, 0.6 s of a desktop browser's CPU). Production refuses
     * fewer than PRODUCTION_MIN_DIFFICULTY; development and the tests may set fewer.
     */
    BOT_CHECK_DIFFICULTY: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_DIFFICULTY)
      .default(PRODUCTION_MIN_DIFFICULTY),
    /** reCAPTCHA keys, required when BOT_CHECK=recaptcha (the site key is public). */
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
    /**
     * The support chat's provider as JSON, with the fields of theme.chat
     * (shared/store-config.ts): set, it takes that setting's place, so a deployment
     * connects its chat account without a change to the code (and the chat's browser journeys,
     * tests/e2e/support-chat.spec.ts, run on a build with one set). Checked at build time as theme.chat is (src/lib/shell/chat-setting.ts).
     * @example SUPPORT_CHAT={"scriptUrl":"https://widget.chat.example/loader.js","widgetId":"store-42","providerGlobal":"SupportChat","label":"Chat with us"}
     */
    SUPPORT_CHAT: z
      .string()
      .trim()
      .optional()
      .transform((text, context) => {
        if (!text) return undefined;
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'must be JSON, the fields of theme.chat' });
          return z.NEVER;
        }
      })
      .pipe(supportChatSchema.optional()),
  })
  .refine(
    (e) =>
      e.BOT_CHECK !== 'recaptcha' ||
      (e.RECAPTCHA_SITE_KEY !== undefined && e.RECAPTCHA_SECRET_KEY !== undefined),
    {
      message: 'BOT_CHECK=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY',
      path: ['BOT_CHECK'],
    },
  );

export type Env = z.infer<typeof envSchema>;

/**
 * Parses an environment (by default this process's), failing with every bad variable named.
 * @example parseEnv({ PORT: '8080' }).PORT === 8080
 */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return result.data;
}

const isLocalHostname = (hostname: string): boolean =>
  ['localhost', '127.0.0.1', '[::1]'].includes(hostname.toLowerCase());

/**
 * True in production: NODE_ENV=production, or a SITE_URL whose host is not this machine,
 * since a store the public reaches is production whatever NODE_ENV says. The API refuses weak
 * settings then (server/config/production.ts), and the build leaves out what is only a demo's.
 * @example isProduction({ NODE_ENV: 'development', SITE_URL: 'https://shop.example.com' }) // true
 */
export function isProduction({ NODE_ENV, SITE_URL }: Pick<Env, 'NODE_ENV' | 'SITE_URL'>): boolean {
  return NODE_ENV === 'production' || !isLocalHostname(new URL(SITE_URL).hostname);
}

/** Whether a URL's host is this machine (plain http is fine there). */
export const isLocalUrl = (url: string): boolean => isLocalHostname(new URL(url).hostname);

function loadDotEnv(): void {
  if (typeof process.loadEnvFile === 'function' && existsSync('.env')) process.loadEnvFile('.env');
}

loadDotEnv();

/** The validated environment of this process. */
export const env: Env = parseEnv(process.env);
