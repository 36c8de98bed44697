import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { env } from '../shared/env.ts';
import { MailBudget } from './accounts/mail-budget.ts';
import { MailQueue } from './accounts/mail-queue.ts';
import { RateLimiter } from './accounts/rate-limit.ts';
import { DEFAULT_SITE_URL } from './accounts/mailer.ts';
import { isOutbox, outboxMailer } from './accounts/outbox.ts';
import { proofOfWorkVerifier } from './accounts/proof-of-work.ts';
import type { Deps } from './deps.ts';
import { bodyLimits } from './http/body-limit.ts';
import { CspReportLog } from './http/csp-reports.ts';
import { handleError, jsonError } from './http/errors.ts';
import { adminOffThePublicSite, forwarded } from './http/forwarded.ts';
import { merchandiserAuth } from './http/merchandiser-auth.ts';
import { securityHeaders } from './http/security-headers.ts';
import { addressRoutes, customerAddressRoutes } from './routes/addresses.ts';
import { botCheckRoutes } from './routes/bot-check.ts';
import { ADMIN_MAX_JSON_BYTES, adminRoutes } from './routes/admin.ts';
import { authRoutes } from './routes/auth.ts';
import { changeRoutes } from './routes/changes.ts';
import { checkoutRoutes } from './routes/checkouts.ts';
import { quickOrderRoutes } from './routes/quick-order.ts';
import { collectionRoutes } from './routes/collections.ts';
import { contactAdminRoutes, contactRoutes } from './routes/contact.ts';
import { articleRoutes } from './routes/content-articles.ts';
import { helpAnswerRoutes, pageRoutes } from './routes/content-pages.ts';
import { questionRoutes } from './routes/content-questions.ts';
import { siteReviewRoutes } from './routes/content-site-reviews.ts';
import { cspReportAdminRoutes, cspReportRoutes } from './routes/csp-reports.ts';
import { customerFleetRoutes } from './routes/customer-fleet.ts';
import { customerListRoutes } from './routes/customer-lists.ts';
import { customerOrderRoutes } from './routes/customer-orders.ts';
import { externalCheckoutRoutes } from './routes/external-checkout.ts';
import { countryRoutes, stateRoutes } from './routes/geo.ts';
import { mediaRoutes } from './routes/media.ts';
import { navRoutes } from './routes/nav.ts';
import { orderRoutes } from './routes/orders.ts';
import { outboxRoutes } from './routes/outbox.ts';
import { machineRoutes } from './routes/machines.ts';
import { productRoutes } from './routes/products.ts';
import { quoteRoutes } from './routes/quotes.ts';
import { recoveryEmailRoutes } from './routes/recovery-email.ts';
import { shippingRoutes } from './routes/shipping.ts';
import { customerRoutes, userRoutes } from './routes/user.ts';
import { walletRoutes } from './routes/wallet.ts';

export type AppOptions = Pick<Deps, 'db'> & Partial<Omit<Deps, 'db'>>;

/**
 * The reference commerce API as a Hono app: one sub-app per resource, all under /api.
 * Tests call it through `app.request('http://localhost/api/...')`, with no port.
 */
export function createApp(options: AppOptions): Hono {
  const now = options.now ?? (() => Date.now());
  const deps: Deps = {
    // No usable default: an app built without a token has one nobody knows.
    adminToken: randomBytes(32).toString('base64url'),
    now,
    visitors: () => 0,
    realtimeEvents: () => [],
    siteUrl: DEFAULT_SITE_URL,
    tokenFailures: new RateLimiter(now),
    ...options,
    // One verifier for every route: its challenges are signed with its own key.
    botCheck:
      options.botCheck ??
      proofOfWorkVerifier({ db: options.db, now, difficulty: env.BOT_CHECK_DIFFICULTY }),
  };
  const mailer = (deps.mailer ??= outboxMailer(options.db, now));
  if (deps.mailQueue === undefined) {
    deps.mailQueue = new MailQueue({ db: options.db, transport: mailer, now });
    deps.mailQueue.start();
  }
  deps.mailBudget ??= new MailBudget(now);
  const api = new Hono();
  api.route('/products', productRoutes(deps));
  api.route('/machines', machineRoutes(deps));
  api.route('/collections', collectionRoutes(deps));
  api.route('/nav', navRoutes(deps));
  api.route('/checkouts', checkoutRoutes(deps));
  api.route('/quick-order', quickOrderRoutes(deps));
  api.route('/shippingPolicies', shippingRoutes(deps));
  api.route('/orders', orderRoutes(deps));
  api.route('/quoteRequests', quoteRoutes(deps));
  // The contact form's messages, and the merchandiser's list of them (issue 29).
  api.route('/contactMessages', contactRoutes(deps));
  api.route('/countries', countryRoutes(deps));
  api.route('/states', stateRoutes(deps));
  // Customer accounts: sign-in, the shell's user and customer, addresses, wallet, recovery
  // email, own orders (the spec's paths: /user/{id}/... and /customer/{customerId}/...).
  api.route('/auth', authRoutes(deps));
  api.route('/botCheck', botCheckRoutes(deps));
  api.route('/user/recoveryEmail', recoveryEmailRoutes(deps));
  api.route('/user/:id', walletRoutes(deps));
  api.route('/user', userRoutes(deps));
  api.route('/customer/orders', customerOrderRoutes(deps));
  api.route('/customer/fleet', customerFleetRoutes(deps));
  api.route('/customer/lists', customerListRoutes(deps));
  api.route('/customer/:customerId/mailingAddresses', customerAddressRoutes(deps));
  api.route('/customer', customerRoutes(deps));
  api.route('/mailingAddresses', addressRoutes(deps));
  // Content the route table needs.
  api.route('/articles', articleRoutes(deps));
  api.route('/helpAnswers', helpAnswerRoutes(deps));
  api.route('/pages', pageRoutes(deps));
  api.route('/questions', questionRoutes(deps));
  api.route('/reviews/siteReviews', siteReviewRoutes(deps));
  api.route('/admin', adminRoutes(deps));
  api.route('/admin/contactMessages', contactAdminRoutes(deps));
  // The pages' CSP reports, and the operator's list of them.
  const cspReports = new CspReportLog(now);
  api.route('/csp-reports', cspReportRoutes(deps, cspReports));
  api.route('/admin/csp-reports', cspReportAdminRoutes(deps, cspReports));
  // The outbox lists what the outbox transport kept; with SMTP there is no such route.
  if (isOutbox(mailer)) api.route('/admin/outbox', outboxRoutes(deps, mailer));
  api.route('/changes', changeRoutes(deps));
  api.route('/media', mediaRoutes(deps));
  api.route('/external-checkout', externalCheckoutRoutes(deps));
  api.get('/health', (c) => c.json({ ok: true, visitors: deps.visitors() }));

  // strict: false answers /api/collections/ like /api/collections (clients differ on the slash).
  const app = new Hono({ strict: false });
  // the API's own headers on every reply (server/http/security-headers.ts).
  app.use('*', securityHeaders());
  // the forwarded headers count only from the web server (X-Proxy-Secret).
  app.use('*', forwarded({ proxySecret: deps.proxySecret }));
  // The merchandiser API is for callers on the API's own port unless ADMIN_API_PUBLIC says
  // otherwise (issue 28): behind a web server whose gate is fooled, it still is not there.
  app.use('*', adminOffThePublicSite(deps.adminPublic ?? false));
  // a body is refused at its limit as it arrives. Catalogue writes may be
  // larger, but only once the merchandiser token is checked, before any byte is read.
  const merchandiser = merchandiserAuth({ token: deps.adminToken, failures: deps.tokenFailures });
  const larger = [{ prefix: '/api/admin', maxBytes: ADMIN_MAX_JSON_BYTES, guard: merchandiser }];
  app.use('*', bodyLimits({ larger }));
  app.route('/api', api);
  app.notFound((c) => jsonError(c, 404, 'Not found.'));
  app.onError(handleError);
  return app;
}
