// Builds the Fastify application. It never listens: server.ts does, and tests use inject() or a real port.
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { StoreServices } from '@rangrez/contract/services';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAdminApi } from './admin.ts';
import type { Config } from './env.ts';
import { type GoogleSetup, setUpGoogle } from './integrations/google/setup.ts';
import { googleStandinRoutes } from './integrations/google/standin.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import type { Mailer } from './integrations/mail/port.ts';
import type { FulfilmentPartner } from './integrations/qikink/port.ts';
import { type FulfilmentSetup, SIMULATED_PREFIX, createFulfilment } from './integrations/qikink/setup.ts';
import type { SimulatedPartner } from './integrations/qikink/simulated/partner.ts';
import type { PaymentGateway } from './integrations/razorpay/port.ts';
import { createInjectFetch } from './lib/inject-fetch.ts';
import { registerBackupJob } from './jobs/backup.ts';
import { poolOf } from './jobs/pool.ts';
import type { RazorpaySandbox } from './integrations/razorpay/sandbox/sandbox.ts';
import type { SmsSender } from './integrations/sms/port.ts';
import type { WhatsAppMessenger } from './integrations/whatsapp/port.ts';
import { createMessaging, type MessagingSetup } from './integrations/whatsapp/setup.ts';
import { WHATSAPP_STANDIN_PREFIX, type WhatsAppStandin } from './integrations/whatsapp/standin.ts';
import { type PaymentsSetup, SANDBOX_PREFIX, createPayments } from './integrations/razorpay/setup.ts';
import { type ChangeFeed, connectionOf, listenForChanges } from './lib/change-feed.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { Db } from './lib/db.ts';
import { notFound } from './lib/errors.ts';
import { addressRoutes, createAddressBook } from './modules/addresses/index.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { type AccountsService, createAccountsService } from './modules/accounts/service.ts';
import { createTokenService } from './modules/accounts/tokens.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { productOffer, shopPromotionRoutes } from './modules/promotions/index.ts';
import { createCartService } from './modules/cart/service.ts';
import { registerHttpCache } from './modules/catalogue/http-cache.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { type CatalogueService, createCatalogueService } from './modules/catalogue/service.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { createNewsletterService, newsletterRoutes } from './modules/newsletter/index.ts';
import { backInStockRoutes } from './modules/back-in-stock/index.ts';
import { createReviewsService, reviewRoutes } from './modules/reviews/index.ts';
import { type Commerce, setUpCommerce } from './commerce.ts';
import { pincodeRoutes } from './modules/pincode/routes.ts';
import { deliveryRoutes } from './modules/delivery/index.ts';
import { type SearchService, createSearch, searchRoutes } from './modules/search/index.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { codDefaultsOf, codFeeRupeesIn, codServesPin, codShopRoutes } from './modules/cod/index.ts';
import { createSiteSettings, settingsDefaults } from './modules/settings/index.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { wishlistRoutes } from './modules/wishlist/routes.ts';
import { createWishlistService } from './modules/wishlist/service.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerCors } from './plugins/cors.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerLimits } from './plugins/limits.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { apiHeaders, registerSecurityHeaders } from './plugins/security-headers.ts';
import { API_PREFIX } from './lib/api-prefix.ts';
import { type WebOptions, registerWeb } from './web/ssr.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Serve the web app too; API tests leave it out. */
  web?: Omit<WebOptions, 'getLoadContext'>;
  /** Vite's dev server relaxes the CSP (inline HMR preamble). */
  devMode?: boolean;
  /** Runs after the global hooks and before any route is added (the dev server mounts Vite here). */
  configure?: (app: FastifyInstance) => Promise<void>;
  /** Time for sessions, lockouts and token expiry; tests pass a ManualClock instead of sleeping. */
  clock?: Clock;
}

/** Outside services behind ports (docs/decisions/006); the stand-ins' test controls are null with real ones. */
export interface Integrations {
  payments: PaymentGateway;
  fulfilment: FulfilmentPartner;
  mailer: Mailer;
  razorpaySandbox: RazorpaySandbox | null;
  simulatedPartner: SimulatedPartner | null;
  whatsapp: WhatsAppMessenger;
  sms: SmsSender;
  whatsappStandin: WhatsAppStandin | null;
  smsStandin: MessagingSetup['smsStandin'] | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    integrations: Integrations;
    catalogueChanges: ChangeFeed;
  }
}

/**
 * What server loaders get as `context.services` (the contract's StoreServices): the API's own services, called
 * in-process.
 */
export function createStoreServices(
  config: Config,
  db: Db,
  log?: FastifyBaseLogger,
  catalogueChanges?: ChangeFeed,
  clock: Clock = systemClock,
) {
  const catalogue = createCatalogueService(db, config.publicUrl, log, catalogueChanges, clock);
  return {
    catalogue,
    search: createSearch(
      {
        db,
        publicUrl: config.publicUrl,
        clock,
        subcategories: catalogue.subcategories,
        newlyAdded: catalogue.newlyAdded,
      },
      catalogueChanges,
    ),
    promotions: { productOffer: (productId: string) => productOffer(db, productId, clock.now()) },
    site: {
      publicUrl: config.publicUrl,
      settings: createSiteSettings({ db, defaults: settingsDefaults(config) }, catalogueChanges),
    },
    newsletter: createNewsletterService({ db, clock, defaults: settingsDefaults(config) }).pages,
    cod: { feeRupees: () => codFeeRupeesIn(db) },
  } satisfies StoreServices;
}

/** The Fastify instance with its server options, zod schemas and the contract's error shape. */
function newFastify(config: Config): FastifyInstance {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(config.logPretty ? { transport: { target: 'pino-pretty' } } : {}),
          },
    trustProxy: config.trustProxy,
    // Unique across instances and restarts: audit rows name the request that made them (docs/admin.md).
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // Graceful shutdown: close() lets in-flight requests finish and answers new ones with 503.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // URLs the router cannot even read (a malformed %-escape, an over-long parameter) are answered before any
    // hook runs: give them the contract's error shape and the JSON API's security headers.
    frameworkErrors: (err, _req, res) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      return (res as FastifyReply)
        .code(status)
        .headers(apiHeaders(undefined))
        .send({ success: false, message: status === 414 ? 'The address is too long' : 'Invalid address' });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  return app;
}

/** Catalogue answers are cached per instance while this hears every change (docs/decisions/010). */
function registerChangeFeed(app: FastifyInstance, db: Db): ChangeFeed {
  const catalogueChanges = listenForChanges(connectionOf(db), app.log);
  app.decorate('catalogueChanges', catalogueChanges);
  app.addHook('onReady', async () => {
    // Without a database the first requests will say so; caching simply stays off until the feed listens.
    await Promise.race([
      catalogueChanges.ready,
      new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
    ]);
  });
  app.addHook('onClose', () => catalogueChanges.close());
  return catalogueChanges;
}

/** Accounts with their token service; Google sign-in as setUpGoogle configured it (or off). */
function createAccounts(config: Config, db: Db, clock: Clock, google: GoogleSetup) {
  return createAccountsService({
    db,
    clock,
    tokens: createTokenService({
      db,
      clock,
      jwtSecret: config.accounts.jwtSecret,
      accessTokenTtlSeconds: config.accounts.accessTokenTtlSeconds,
    }),
    settings: config.accounts,
    google: { verifier: google.verifier, config: google.publicConfig },
    publicUrl: config.publicUrl,
  });
}

/** The real Razorpay and Qikink clients, pointed at the in-process stand-ins unless configured otherwise. */
function registerIntegrations(app: FastifyInstance, config: Config, db: Db, clock: Clock) {
  const localFetch = createInjectFetch(() => app);
  const payments = createPayments(config, { db, localFetch, clock, log: app.log });
  const fulfilment = createFulfilment(config, { db, localFetch, clock });
  const messaging = createMessaging(config, { localFetch, clock });
  app.decorate('integrations', {
    payments: payments.gateway,
    fulfilment: fulfilment.partner,
    mailer: createMailer(config.mail),
    razorpaySandbox: payments.sandbox ?? null,
    simulatedPartner: fulfilment.simulated ?? null,
    whatsapp: messaging.whatsapp,
    sms: messaging.sms,
    whatsappStandin: messaging.whatsappStandin ?? null,
    smsStandin: messaging.smsStandin ?? null,
  } satisfies Integrations);
  return { payments, fulfilment, messaging };
}

/** Orders, payments and fulfilment, with the pg-boss job runner (workers start in server.ts / dev.ts). */
function registerCommerce(app: FastifyInstance, config: Config, db: Db, clock: Clock): Commerce {
  const commerce = setUpCommerce({ config, db, clock, ...app.integrations, log: app.log });
  app.decorate('jobs', commerce.jobs);
  registerBackupJob(commerce.jobs, { pool: poolOf(db), clock, backups: config.backups, log: app.log });
  app.addHook('onClose', () => commerce.jobs.stop());
  return commerce;
}

/** The store's security headers; the content security policy is off under Vite's dev server. */
function registerSecurity(app: FastifyInstance, config: Config, devMode: boolean) {
  // Razorpay's checkout loads its script from checkout.razorpay.com and talks to api.razorpay.com in an iframe.
  // The sandbox's script is served from this origin and needs no exception.
  const razorpayCsp = (origin: string) => (config.payments.provider === 'razorpay' ? [origin] : []);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: devMode
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              "'self'",
              (_req, res) => `'nonce-${(res as { scriptNonce?: string }).scriptNonce ?? ''}'`,
              ...razorpayCsp('https://checkout.razorpay.com'),
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', new URL(config.publicUrl).origin],
            connectSrc: ["'self'", ...razorpayCsp('https://api.razorpay.com')],
            frameSrc: ["'self'", ...razorpayCsp('https://api.razorpay.com')],
            fontSrc: ["'self'", 'data:'],
            objectSrc: ["'none'"],
            frameAncestors: ["'self'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
    // Sign-in popups (Google, the payment sandbox) must keep window.opener to report back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Media may be served to other origins (a second storefront, an app).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
}

async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Brotli 5 instead of the plugin's 4: on our pages about 14% smaller and no slower. A page under ~14 KB
    // arrives in the first round trip of a new connection (TCP's initial window), which a phone on 4G feels.
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      },
    },
  });
}

interface ApiDeps {
  config: Config;
  db: Db;
  clock: Clock;
  catalogue: CatalogueService;
  search: SearchService;
  accounts: AccountsService;
  commerce: Commerce;
}

/** The JSON API under /api/v1, with CORS for other origins' clients. */
async function registerApi(
  app: FastifyInstance,
  { config, db, clock, catalogue, search, accounts, commerce }: ApiDeps,
) {
  const reviews = createReviewsService({ db, clock, publicUrl: config.publicUrl, mediaDir: config.mediaDir });
  await app.register(
    async (api) => {
      registerCors(api, {
        origins: config.corsOrigins,
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-idempotency-key'],
        maxAgeSeconds: 86400,
        // Cross-origin clients may read the product total and revalidate with the ETag.
        exposedHeaders: ['x-total-count', 'etag', 'x-request-id'],
      });
      await api.register(systemRoutes, { db, jobs: commerce.jobs });
      await api.register(pincodeRoutes);
      await api.register(deliveryRoutes, { db, clock, codServesPin: (pin) => codServesPin(db, pin) });
      await api.register(catalogueRoutes, { catalogue });
      await api.register(searchRoutes, { search });
      await api.register(backInStockRoutes, { db, clock, publicUrl: config.publicUrl });
      await api.register(reviewRoutes, { reviews });
      await api.register(accountsRoutes, {
        accounts,
        signupRateLimitPerHour: config.accounts.signupRateLimitPerHour,
      });
      await api.register(cartRoutes, {
        cart: createCartService({ db, publicUrl: config.publicUrl, clock }),
      });
      await api.register(shopPromotionRoutes, { db, clock });
      await api.register(codShopRoutes, { db, defaults: codDefaultsOf(config.orders.codMaxOpenPerPhone) });
      await api.register(newsletterRoutes, {
        newsletter: createNewsletterService({ db, clock, defaults: settingsDefaults(config) }),
      });
      await api.register(wishlistRoutes, {
        wishlist: createWishlistService({ db, publicUrl: config.publicUrl }),
      });
      await api.register(addressRoutes, { addresses: createAddressBook({ db, clock }) });
      await api.register(commerce.routes);
      await registerAdminApi(api, {
        config,
        db,
        clock,
        accounts,
        reviews,
        commerce,
      });
      api.all('/*', async () => {
        throw notFound('Not found');
      });
    },
    { prefix: API_PREFIX },
  );
  // Any other /api path is an API client's mistake: answer JSON, never an HTML page.
  app.all('/api/*', async () => {
    throw notFound('Not found');
  });
}

interface StandIns {
  google: GoogleSetup;
  payments: PaymentsSetup;
  fulfilment: FulfilmentSetup;
  messaging: MessagingSetup;
}

/** The local stand-ins of outside services, each only when configured. */
async function registerStandIns(app: FastifyInstance, { google, payments, fulfilment, messaging }: StandIns) {
  // The local Google (GOOGLE_AUTH=standin): consent page, tokeninfo, userinfo and certs under /__google.
  if (google.standin) await app.register(googleStandinRoutes, google.standin);
  // The local Razorpay (PAYMENTS=sandbox) and Qikink (FULFILMENT=simulated), outside /api/v1.
  if (payments.sandbox) await app.register(payments.sandbox.routes, { prefix: SANDBOX_PREFIX });
  if (fulfilment.simulated) await app.register(fulfilment.simulated.routes, { prefix: SIMULATED_PREFIX });
  // The local WhatsApp (WHATSAPP=standin): the Graph-like endpoint and the phone-like inbox under /__whatsapp.
  if (messaging.whatsappStandin) {
    await app.register(messaging.whatsappStandin.routes, { prefix: WHATSAPP_STANDIN_PREFIX });
  }
}

export async function buildApp({
  config,
  db,
  web,
  devMode = false,
  configure,
  clock = systemClock,
}: AppOptions): Promise<FastifyInstance> {
  const app = newFastify(config);
  const catalogueChanges = registerChangeFeed(app, db);
  const services = createStoreServices(config, db, app.log, catalogueChanges, clock);
  const { catalogue, search } = services;

  const google = setUpGoogle(app, config, db, clock);
  const accounts = createAccounts(config, db, clock, google);
  // On the root instance: every module's routes can use app.authenticate (plugins/auth.ts).
  registerAuth(app, accounts);
  // JSON nesting limit and per-route rate limits (plugins/limits.ts); before any route is added.
  await registerLimits(app, config.limits, clock);

  const { payments, fulfilment, messaging } = registerIntegrations(app, config, db, clock);
  const commerce = registerCommerce(app, config, db, clock);
  registerSecurity(app, config, devMode);
  // Before compress: ETags are computed from the uncompressed body (onSend hooks run in the order added).
  registerHttpCache(app, catalogueChanges, clock);
  await registerCompression(app);
  await configure?.(app);
  // Before the API's routes: the document is built from the routes as they are added.
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  registerMetrics(app, { token: config.metricsToken, pool: poolOf(db) });

  await registerApi(app, { config, db, clock, catalogue, search, accounts, commerce });
  await registerStandIns(app, { google, payments, fulfilment, messaging });
  await app.register(commerce.pages);
  await app.register(mediaRoutes, { mediaDir: config.mediaDir });
  await app.register(seoRoutes, { db, publicUrl: config.publicUrl });

  if (web) {
    await registerWeb(app, {
      ...web,
      getLoadContext: (_req, reply) => ({ services, cspNonce: reply.scriptNonce }),
    });
  }
  return app;
}
