// The only module that reads process.env. Everything else receives a typed Config.
import os from 'node:os';
import path from 'node:path';
import { normaliseGstin, sellerGstinMessage } from '@rangrez/contract/rules';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(1).max(65535);
const list = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);
/** A social network's page: an https URL, or empty when the store is not on that network. */
const socialUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || /^https:\/\/[^/\s]+(\/\S*)?$/i.test(v), {
    message: 'must be empty or an https URL',
  });

const variables = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://shop.example.com' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  EMBEDDED_PG_PORT: port.default(5488),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  CORS_ORIGINS: list.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.default(false),
  TRUST_PROXY: bool.default(false),
  SEED_DEMO: bool.default(true),
  SEED_PRODUCTS: z.coerce.number().int().min(0).max(100000).default(80),
  WARM_MEDIA: bool.default(true),
  // Seller details the policy and contact pages must show (Consumer Protection (E-Commerce) Rules 2020).
  SELLER_LEGAL_NAME: z.string().trim().min(1).default('Rangrez Apparel Private Limited'),
  SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('2nd Floor, 14 Hill Road, Bandra West, Mumbai, Maharashtra 400050, India'),
  SELLER_EMAIL: z.email({ message: 'must be an e-mail address' }).default('support@rangrez.store'),
  SELLER_PHONE: z.string().trim().min(1).default('+91 22 4890 1200'),
  // The GSTIN on tax invoices (docs/gst.md#settings); empty: no invoice is issued until the back office sets one.
  SELLER_GSTIN: z
    .string()
    .trim()
    .default('')
    .refine((value) => sellerGstinMessage(value) === null, { message: 'must be a valid GSTIN or empty' }),
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).default('Ananya Kulkarni'),
  GRIEVANCE_OFFICER_EMAIL: z
    .email({ message: 'must be an e-mail address' })
    .default('grievance@rangrez.store'),
  GRIEVANCE_OFFICER_PHONE: z.string().trim().min(1).default('+91 22 4890 1299'),
  // The rest of what the footer and the contact page show; the back office's settings override each of them.
  SUPPORT_HOURS: z.string().trim().min(1).default('Monday to Saturday, 11:00 to 19:00 IST'),
  // None by default: a link to a network's front page, or WhatsApp on a landline, only misleads a shopper.
  INSTAGRAM_URL: socialUrl.default(''),
  FACEBOOK_URL: socialUrl.default(''),
  X_URL: socialUrl.default(''),
  YOUTUBE_URL: socialUrl.default(''),
  WHATSAPP_NUMBER: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[6-9]\d{9}$/.test(v), {
      message: 'must be empty or a 10-digit mobile number',
    })
    .default(''),
  // Accounts, sessions and Google sign-in (docs/decisions/004-accounts-and-sessions.md).
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  SIGNUP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  GOOGLE_AUTH: z
    .enum(['standin', 'google', 'off'], { message: 'must be standin, google or off' })
    .default('standin'),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  // Payments, fulfilment and mail (docs/decisions/006-payment-and-fulfilment-stand-ins.md).
  PAYMENTS: z.enum(['sandbox', 'razorpay'], { message: 'must be sandbox or razorpay' }).default('sandbox'),
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, { message: 'must look like rzp_test_... or rzp_live_...' })
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  RAZORPAY_API_BASE: z.url({ message: 'must be an absolute URL' }).optional(),
  RAZORPAY_SANDBOX_WEBHOOKS: z
    .enum(['auto', 'manual'], { message: 'must be auto or manual' })
    .default('auto'),
  RAZORPAY_SANDBOX_WEBHOOK_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  FULFILMENT: z
    .enum(['simulated', 'qikink'], { message: 'must be simulated or qikink' })
    .default('simulated'),
  QIKINK_CLIENT_ID: z.string().trim().min(1).optional(),
  QIKINK_CLIENT_SECRET: z.string().min(1).optional(),
  QIKINK_BASE_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  QIKINK_SIMULATED_STEP_SECONDS: z.coerce.number().int().min(1).max(604_800).default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Rangrez <orders@rangrez.store>'),
  // Orders (docs/decisions/008-orders-payments-fulfilment.md).
  PAYMENT_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Unpaid online orders one shopper may hold at a time (each reserves stock). */
  MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(100).default(2),
  /** Units in one order, all lines together. */
  MAX_UNITS_PER_ORDER: z.coerce.number().int().min(1).max(10_000).default(20),
  FULFILMENT_POLL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(120),
  /** Cash orders on the way one phone may have until the owner sets the COD rules (docs/cod.md#settings). */
  COD_MAX_OPEN_PER_PHONE: z.coerce.number().int().min(1).max(1_000_000).default(2),
  // Cash-on-delivery confirmation (docs/cod-confirmation.md).
  COD_CONFIRM_HOURS: z.coerce.number().min(0.1).max(168).default(24),
  WHATSAPP: z.enum(['standin', 'meta'], { message: 'must be standin or meta' }).default('standin'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().trim().min(1).optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_APP_SECRET: z.string().min(1).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  WHATSAPP_GRAPH_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  WHATSAPP_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, { message: 'must look like v21.0' })
    .default('v21.0'),
  SMS: z.enum(['standin', 'http'], { message: 'must be standin or http' }).default('standin'),
  SMS_URL: z.url({ message: 'must be an absolute URL' }).optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  // Abuse limits (docs/decisions/009-abuse-limits.md): per client address (orders and reviews: per shopper),
  // per instance, in one-minute windows.
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  ORDER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
  SLIDER_EVENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  PINCODE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  REVIEW_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  PROMOTION_CODE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
  NEWSLETTER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(5),
  JSON_MAX_DEPTH: z.coerce.number().int().min(4).max(1000).default(16),
  NODE_ENV: z.string().optional(),
  ALLOW_STANDINS_IN_PRODUCTION: bool.default(false),
  // The back office (docs/admin.md#the-first-owner): the first owner, and whether staff need two-factor sign-in
  // (required by default for a public store: production on https; optional for the local demo).
  OWNER_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  OWNER_PASSWORD: z.string().min(10, { message: 'must be at least 10 characters' }).optional(),
  STAFF_2FA: z.enum(['required', 'optional'], { message: 'must be required or optional' }).optional(),
  // Operations (docs/decisions/019-readiness-and-metrics.md, docs/backups.md).
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  BACKUPS: z.enum(['daily', 'off'], { message: 'must be daily or off' }).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
});

type Variables = z.output<typeof variables>;

const schema = variables
  .superRefine((e, ctx) => {
    if ((e.OWNER_EMAIL === undefined) !== (e.OWNER_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [e.OWNER_EMAIL === undefined ? 'OWNER_EMAIL' : 'OWNER_PASSWORD'],
        message: 'is required with OWNER_EMAIL and OWNER_PASSWORD: set both or neither',
      });
    }
    if (e.GOOGLE_AUTH === 'google' && !e.GOOGLE_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_ID'],
        message: 'is required when GOOGLE_AUTH=google',
      });
    }
  })
  .superRefine((e, ctx) => {
    // Development defaults exist only for the local stand-ins; the real services need real credentials.
    const required = (name: string, when: string) =>
      ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${when}` });
    if (e.WHATSAPP === 'meta') {
      for (const name of [
        'WHATSAPP_PHONE_NUMBER_ID',
        'WHATSAPP_ACCESS_TOKEN',
        'WHATSAPP_APP_SECRET',
        'WHATSAPP_VERIFY_TOKEN',
      ] as const) {
        if (!e[name]) required(name, 'WHATSAPP=meta');
      }
    }
    if (e.SMS === 'http' && !e.SMS_URL) required('SMS_URL', 'SMS=http');
    if (e.PAYMENTS === 'razorpay') {
      if (!e.RAZORPAY_KEY_ID) required('RAZORPAY_KEY_ID', 'PAYMENTS=razorpay');
      if (!e.RAZORPAY_KEY_SECRET) required('RAZORPAY_KEY_SECRET', 'PAYMENTS=razorpay');
      if (!e.RAZORPAY_WEBHOOK_SECRET) required('RAZORPAY_WEBHOOK_SECRET', 'PAYMENTS=razorpay');
    }
    if (e.FULFILMENT === 'qikink') {
      if (!e.QIKINK_CLIENT_ID) required('QIKINK_CLIENT_ID', 'FULFILMENT=qikink');
      if (!e.QIKINK_CLIENT_SECRET) required('QIKINK_CLIENT_SECRET', 'FULFILMENT=qikink');
    }
  })
  .transform(toConfig);

/** The sign-in, payment and fulfilment settings: each real service, or its stand-in's defaults. */
function integrationSettings(e: Variables, publicUrl: string) {
  return {
    messaging: messagingConfig(e, publicUrl),
    google: {
      mode: e.GOOGLE_AUTH,
      clientId:
        e.GOOGLE_CLIENT_ID ??
        (e.GOOGLE_AUTH === 'standin' ? 'rangrez-standin.apps.googleusercontent.com' : null),
    },
    payments: {
      provider: e.PAYMENTS,
      keyId: e.RAZORPAY_KEY_ID ?? 'rzp_test_RangrezSandbox',
      keySecret: e.RAZORPAY_KEY_SECRET ?? 'sandbox_key_secret',
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? 'sandbox_webhook_secret',
      /** Unset: https://api.razorpay.com, or the in-process sandbox with PAYMENTS=sandbox. */
      apiBase: e.RAZORPAY_API_BASE?.replace(/\/+$/, ''),
      sandboxWebhooks: e.RAZORPAY_SANDBOX_WEBHOOKS,
      sandboxWebhookUrl: e.RAZORPAY_SANDBOX_WEBHOOK_URL ?? `${publicUrl}/api/v1/razorpay/webhook`,
    },
    fulfilment: {
      provider: e.FULFILMENT,
      clientId: e.QIKINK_CLIENT_ID ?? '900001',
      clientSecret: e.QIKINK_CLIENT_SECRET ?? 'simulated_client_secret',
      /** Unset: Qikink's sandbox with FULFILMENT=qikink, the in-process simulated partner otherwise. */
      baseUrl:
        e.QIKINK_BASE_URL?.replace(/\/+$/, '') ??
        (e.FULFILMENT === 'qikink' ? 'https://sandbox.qikink.com' : undefined),
      simulatedStepSeconds: e.QIKINK_SIMULATED_STEP_SECONDS,
    },
  };
}

/** Orders: reservations, the hoarding limits and the partner's polling. */
function ordersConfig(e: Variables) {
  return {
    /** How long an unpaid online order holds its stock. */
    reservationMinutes: e.PAYMENT_RESERVATION_MINUTES,
    /** Reservations cannot be hoarded: unpaid online orders per shopper, and units per order. */
    maxUnpaidOrders: e.MAX_UNPAID_ORDERS,
    maxUnitsPerOrder: e.MAX_UNITS_PER_ORDER,
    /** How often the fulfilment partner is asked about open orders. */
    fulfilmentPollSeconds: e.FULFILMENT_POLL_SECONDS,
    /** The COD rules' open-orders limit until the owner saves the rules. */
    codMaxOpenPerPhone: e.COD_MAX_OPEN_PER_PHONE,
    /** How long a cash-on-delivery order waits for the shopper's confirmation before it is cancelled. */
    codConfirmHours: e.COD_CONFIRM_HOURS,
  };
}

/** Who the store is and how shoppers reach it: the defaults of the back office's settings. */
function storeDetails(e: Variables) {
  return {
    seller: {
      legalName: e.SELLER_LEGAL_NAME,
      address: e.SELLER_ADDRESS,
      email: e.SELLER_EMAIL,
      phone: e.SELLER_PHONE,
      gstin: normaliseGstin(e.SELLER_GSTIN),
      grievanceOfficer: {
        name: e.GRIEVANCE_OFFICER_NAME,
        email: e.GRIEVANCE_OFFICER_EMAIL,
        phone: e.GRIEVANCE_OFFICER_PHONE,
      },
    },
    supportHours: e.SUPPORT_HOURS,
    social: { instagram: e.INSTAGRAM_URL, facebook: e.FACEBOOK_URL, x: e.X_URL, youtube: e.YOUTUBE_URL },
    whatsappNumber: e.WHATSAPP_NUMBER,
  };
}

/** The confirmation channels: Meta's WhatsApp Cloud API or its local stand-in, and an SMS provider or its stand-in. */
function messagingConfig(e: Variables, publicUrl: string) {
  return {
    whatsapp: {
      provider: e.WHATSAPP,
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID ?? '100000000000001',
      accessToken: e.WHATSAPP_ACCESS_TOKEN ?? 'standin_access_token',
      appSecret: e.WHATSAPP_APP_SECRET ?? 'standin_app_secret',
      verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? 'standin_verify_token',
      /** Unset: https://graph.facebook.com with WHATSAPP=meta, the local stand-in otherwise. */
      graphUrl:
        e.WHATSAPP_GRAPH_URL?.replace(/\/+$/, '') ??
        (e.WHATSAPP === 'meta' ? 'https://graph.facebook.com' : undefined),
      graphVersion: e.WHATSAPP_GRAPH_VERSION,
      webhookUrl: `${publicUrl}/api/v1/whatsapp/webhook`,
    },
    sms: { provider: e.SMS, url: e.SMS_URL, apiKey: e.SMS_API_KEY },
  };
}

/** The stand-ins the variables switch on. */
function standinsOn(e: Variables): string[] {
  return [
    ...(e.PAYMENTS === 'sandbox' ? ['PAYMENTS=sandbox'] : []),
    ...(e.FULFILMENT === 'simulated' ? ['FULFILMENT=simulated'] : []),
    ...(e.GOOGLE_AUTH === 'standin' ? ['GOOGLE_AUTH=standin'] : []),
    ...(e.WHATSAPP === 'standin' ? ['WHATSAPP=standin'] : []),
  ];
}

function toConfig(e: Variables) {
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    embeddedPgDir: path.join(dataDir, 'postgres'),
    dbPoolMax: e.DB_POOL_MAX,
    corsOrigins: e.CORS_ORIGINS ?? [new URL(publicUrl).origin],
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    seedProducts: e.SEED_PRODUCTS,
    warmMedia: e.WARM_MEDIA,
    ...storeDetails(e),
    accounts: {
      /** Unset: a random key kept in shared_state, so every instance and restart agrees. */
      jwtSecret: e.JWT_SECRET,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      refreshReuseGraceSeconds: e.REFRESH_REUSE_GRACE_SECONDS,
      signupRateLimitPerHour: e.SIGNUP_RATE_LIMIT_PER_HOUR,
    },
    ...integrationSettings(e, publicUrl),
    staff: {
      /** Unset (both): the demo's owner@rangrez.store with a printed one-time password, when SEED_DEMO is on. */
      owner: e.OWNER_EMAIL && e.OWNER_PASSWORD ? { email: e.OWNER_EMAIL, password: e.OWNER_PASSWORD } : null,
      /** Unset: required for a public store (production on https), optional for the demo on this machine. */
      twoFactor:
        e.STAFF_2FA ??
        (e.NODE_ENV === 'production' && publicUrl.startsWith('https:') ? 'required' : 'optional'),
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      dir: path.join(dataDir, 'mail'),
    },
    orders: ordersConfig(e),
    /** Stand-ins switched on while the store is public (production on https), which only an explicit setting allows. */
    standinsFacingInternet:
      e.NODE_ENV === 'production' && publicUrl.startsWith('https:') && !e.ALLOW_STANDINS_IN_PRODUCTION
        ? standinsOn(e)
        : [],
    limits: {
      loginPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
      ordersPerMinute: e.ORDER_RATE_LIMIT_PER_MINUTE,
      sliderEventsPerMinute: e.SLIDER_EVENT_RATE_LIMIT_PER_MINUTE,
      pincodePerMinute: e.PINCODE_RATE_LIMIT_PER_MINUTE,
      reviewsPerMinute: e.REVIEW_RATE_LIMIT_PER_MINUTE,
      promotionCodesPerMinute: e.PROMOTION_CODE_RATE_LIMIT_PER_MINUTE,
      newsletterPerMinute: e.NEWSLETTER_RATE_LIMIT_PER_MINUTE,
      /** Deepest nesting of objects and arrays a JSON body may have. */
      jsonMaxDepth: e.JSON_MAX_DEPTH,
    },
    /** Unset: no /metrics endpoint (404) and no request metrics collected. */
    metricsToken: e.METRICS_TOKEN,
    backups: {
      /** A managed PostgreSQL has its provider's backups: daily files only for the embedded default. */
      daily: (e.BACKUPS ?? (e.DATABASE_URL ? 'off' : 'daily')) === 'daily',
      keep: e.BACKUP_KEEP,
      dir: path.join(dataDir, 'backups'),
    },
  };
}

export type Config = Omit<z.output<typeof schema>, 'standinsFacingInternet'>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaults: Record<string, string> = {},
): Config {
  // Empty strings mean "unset": `FOO= npm start` should give the default, not a validation error.
  const given = Object.entries(env).filter(([, v]) => v !== undefined && v !== '');
  const cleaned = { ...defaults, ...Object.fromEntries(given) };
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { standinsFacingInternet, ...config } = result.data;
  if (standinsFacingInternet.length > 0) {
    // The stand-ins take no money, ship nothing and sign anyone in: never serve them to the public by mistake.
    throw new ConfigError(
      `Refusing to start: ${standinsFacingInternet.join(', ')} would serve a stand-in on the public ${config.publicUrl} ` +
        `(NODE_ENV=production); configure the real service, or set ALLOW_STANDINS_IN_PRODUCTION=true for a demo.`,
    );
  }
  return config;
}

/** A config for tests: defaults plus overrides, without reading process.env. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  // Tests never write into the repository's ./data (mail, media): each test process gets its own folder.
  const dataDir = path.join(os.tmpdir(), `rangrez-test-${process.pid}`);
  // Test clocks stand still, so a per-minute window never ends: suites that are not about rate limits (dozens of
  // sign-ins and orders from one address) get limits they cannot reach; rate-limits.test.ts sets its own.
  const unlimited = {
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
    SLIDER_EVENT_RATE_LIMIT_PER_MINUTE: '1000000',
    PINCODE_RATE_LIMIT_PER_MINUTE: '1000000',
    REVIEW_RATE_LIMIT_PER_MINUTE: '1000000',
    PROMOTION_CODE_RATE_LIMIT_PER_MINUTE: '1000000',
    NEWSLETTER_RATE_LIMIT_PER_MINUTE: '1000000',
    // Every suite's shopper orders with one phone; cod-rules.test.ts sets the store's default of 2.
    COD_MAX_OPEN_PER_PHONE: '1000000',
  };
  return loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WARM_MEDIA: 'false',
    DATA_DIR: dataDir,
    // A backup job would write files behind the tests that run periodic jobs; the backup tests enable it.
    BACKUPS: 'off',
    ...unlimited,
    ...overrides,
  });
}
