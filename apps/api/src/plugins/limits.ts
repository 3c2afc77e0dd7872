// Abuse limits (docs/decisions/009-abuse-limits.md): a nesting limit for JSON bodies, no NUL characters
// in any input, and per-route rate limits for the calls a script would hammer (sign-in, order placement, slider
// counters, PIN look-ups, reviews and their photo uploads, the newsletter). Every refusal is the contract's error shape: 400 for a body nested too deeply or a NUL,
// 429 with Retry-After for a rate limit.
//
// A route joins a limit by declaring its group in its options (`config: { rateLimitGroup: 'orders' }`), next to
// its path: renaming or moving the route keeps the limit, and rate-limits.test.ts reads the route table to check
// that every route that must be limited declares one.
//
// The counters live in this process (one fixed window per client and route group), so N instances allow N times
// the configured rate. Limits that must hold across instances live in PostgreSQL: the login lockout
// (login_throttles, decision 004). Sign-up has its own per-address limit in modules/accounts/routes.ts.
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { LOGIN_ERROR_MESSAGES } from '@rangrez/contract/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Config } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import { badRequest, tooManyRequests } from '../lib/errors.ts';

export const LIMIT_MESSAGES = {
  /** The login form shows its lock text for any message containing 'Too many' (docs/product/texts.md#sign-in). */
  login: LOGIN_ERROR_MESSAGES.tooManyAttempts,
  orders: 'Too many orders in a short time. Please wait a minute and try again.',
  generic: 'Too many requests. Please try again later.',
  tooDeep: 'Request body is nested too deeply',
  nul: 'Text must not contain NUL characters',
} as const;

export type LimitSettings = Config['limits'];

type RateLimitGroup =
  | 'sign-in'
  | 'orders'
  | 'slider-events'
  | 'pincode'
  | 'reviews'
  | 'promotion-codes'
  | 'newsletter'
  | 'passwords'
  | 'back-in-stock'
  | 'cod-checks';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counted in this rate-limit group (plugins/limits.ts); routes of one group share one counter per client. */
    rateLimitGroup?: RateLimitGroup;
  }
}

interface RouteGroup {
  perMinute: (s: LimitSettings) => number;
  /** Who is counted: the signed-in shopper when app.authenticate ran before this hook, else the client address. */
  key: (req: FastifyRequest) => string;
  message: string;
  /** Only calls this says yes to are counted; it reads the body, so the group's check runs once it is parsed. */
  counts?: (req: FastifyRequest) => boolean;
}

/** A body carrying a promotion code: a preview without one prices the cart and guesses nothing. */
const carriesCode = (req: FastifyRequest) => {
  const code = (req.body as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && code.trim() !== '';
};

// IPv6 clients are counted per /64: one host can cycle through a whole subnet of addresses.
const byAddress = (req: FastifyRequest) => `ip:${normalizeIP(req.ip)}`;
const byShopper = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : byAddress(req));

// process-order is deliberately not limited: whoever reaches it has paid, and a refusal there would strand the
// payment until the reservation expires. Creating payments is limited through initiate-payment.
const RATE_LIMIT_GROUPS: Record<RateLimitGroup, RouteGroup> = {
  // Password and Google sign-in.
  'sign-in': { perMinute: (s) => s.loginPerMinute, key: byAddress, message: LIMIT_MESSAGES.login },
  // Cash-on-delivery orders and online payments being started.
  orders: { perMinute: (s) => s.ordersPerMinute, key: byShopper, message: LIMIT_MESSAGES.orders },
  'slider-events': {
    perMinute: (s) => s.sliderEventsPerMinute,
    key: byAddress,
    message: LIMIT_MESSAGES.generic,
  },
  pincode: { perMinute: (s) => s.pincodePerMinute, key: byAddress, message: LIMIT_MESSAGES.generic },
  // Writing a review and uploading its photos: each upload is decoded, which costs the server far more than a read.
  reviews: { perMinute: (s) => s.reviewsPerMinute, key: byShopper, message: LIMIT_MESSAGES.generic },
  // Every call that carries a promotion code (the cart's and the preview): by address, signed in or not, so codes
  // cannot be guessed by the thousand (docs/promotions.md#guessing-codes). Previews without a code are not
  // counted: shoppers behind one carrier-grade NAT share an address, and checkout previews on every change.
  'promotion-codes': {
    perMinute: (s) => s.promotionCodesPerMinute,
    key: byAddress,
    message: LIMIT_MESSAGES.generic,
    counts: carriesCode,
  },
  // Subscribing and confirming: each subscription may send an e-mail, so a script must not send them by the thousand.
  newsletter: { perMinute: (s) => s.newsletterPerMinute, key: byAddress, message: LIMIT_MESSAGES.generic },
  // Forgotten-password e-mails, reset links and password changes: at sign-in's rate, with a counter of their own so
  // neither use starves the other. Each account is also sent at most a few links an hour (modules/accounts).
  passwords: { perMinute: (s) => s.loginPerMinute, key: byAddress, message: LIMIT_MESSAGES.generic },
  // 'Notify me': each request may send an e-mail later, so at the newsletter's rate, with a counter of its own.
  'back-in-stock': {
    perMinute: (s) => s.newsletterPerMinute,
    key: byAddress,
    message: LIMIT_MESSAGES.generic,
  },
  // Checkout's 'may this order be paid in cash?': it answers for any phone typed, so a shopper must not be able to
  // ask about phones by the thousand. At the PIN look-ups' rate, per shopper (checkout asks once per change).
  'cod-checks': { perMinute: (s) => s.pincodePerMinute, key: byShopper, message: LIMIT_MESSAGES.generic },
};

interface Window {
  count: number;
  startedAt: number;
}

/**
 * A fixed-window counter store for @fastify/rate-limit on the app's Clock, so tests move time instead of sleeping.
 * Bounded: past `maxKeys` clients the least recently seen are forgotten (their count restarts).
 */
function clockStore(clock: Clock, maxKeys = 10_000) {
  return class ClockStore {
    private readonly windows = new Map<string, Window>();

    incr(
      key: string,
      cb: (err: Error | null, result: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = clock.now().getTime();
      let w = this.windows.get(key);
      if (!w || now >= w.startedAt + timeWindow) w = { count: 0, startedAt: now };
      w.count += 1;
      // Re-inserting keeps the Map in least-recently-seen order for the eviction below.
      this.windows.delete(key);
      this.windows.set(key, w);
      if (this.windows.size > maxKeys) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
      cb(null, { current: w.count, ttl: w.startedAt + timeWindow - now });
    }

    child() {
      return new ClockStore();
    }
  };
}

const MINUTE = 60_000;

/** Whether `value` nests objects and arrays deeper than `limit`; the walk stops once it is past it. */
export function nestingDepthExceeds(value: unknown, limit: number): boolean {
  if (Buffer.isBuffer(value)) return rawJsonDepthExceeds(value, limit);
  // Iterative: a recursive walk is what a deeply nested body is meant to break.
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push({ v: child, depth: depth + 1 });
    }
  }
  return false;
}

const [OPEN_OBJECT, OPEN_ARRAY, CLOSE_OBJECT, CLOSE_ARRAY, QUOTE, BACKSLASH] = [
  0x7b, 0x5b, 0x7d, 0x5d, 0x22, 0x5c,
];

/**
 * The same for JSON kept as bytes (the Razorpay webhook, whose signature covers the raw body): brackets outside
 * strings are counted, so a body nested 100,000 deep is refused before anything parses or stores it.
 */
function rawJsonDepthExceeds(bytes: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) depth--;
  }
  return false;
}

const NUL = '\u0000';
// In a raw JSON body (the Razorpay webhook keeps its bytes for the signature) a NUL is the escape or the byte.
const NUL_ESCAPE = Buffer.from('\\u0000');

/** Whether any string in `value` (object keys included, at any depth) holds a NUL character. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes(NUL)) return true;
    } else if (Buffer.isBuffer(v)) {
      if (v.includes(0) || v.includes(NUL_ESCAPE)) return true;
    } else if (typeof v === 'object' && v !== null) {
      // One push at a time: spreading a 500,000-element array into push() overflows the stack.
      if (Array.isArray(v)) for (const child of v) stack.push(child);
      else
        for (const [key, child] of Object.entries(v)) {
          if (key.includes(NUL)) return true;
          stack.push(child);
        }
    }
  }
  return false;
}

/**
 * Registers the limits on the root instance. Call before any route is added: hooks and onRoute listeners apply to
 * routes registered after them.
 */
export async function registerLimits(
  app: FastifyInstance,
  settings: LimitSettings,
  clock: Clock,
): Promise<void> {
  // Runs before route-level preValidation hooks, so before any handler or query sees the input.
  app.addHook('preValidation', async (req) => {
    if (req.body !== undefined && nestingDepthExceeds(req.body, settings.jsonMaxDepth)) {
      throw badRequest(LIMIT_MESSAGES.tooDeep);
    }
    // PostgreSQL text and jsonb cannot hold U+0000: a NUL that reached a query failed it with a 500 ('invalid byte
    // sequence for encoding "UTF8": 0x00'). No field of ours accepts one, so it is refused here for all of them.
    // The web pages' catch-all route renders its own answer for any path.
    if (
      req.routeOptions.url !== '/*' &&
      (containsNul(req.params) || containsNul(req.query) || containsNul(req.body))
    ) {
      throw badRequest(LIMIT_MESSAGES.nul);
    }
  });

  // The plugin sits in a scope of its own, with no routes: its onRoute listener and the accounts module's own
  // registration (sign-up) stay out of each other's way. Only its limiter factory is used here.
  let createLimiter: FastifyInstance['createRateLimit'] | undefined;
  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false, store: clockStore(clock) });
    createLimiter = scope.createRateLimit.bind(scope);
  });
  if (!createLimiter) throw new Error('registerLimits: @fastify/rate-limit did not load');

  const hooks = new Map<RateLimitGroup, (req: FastifyRequest, reply: FastifyReply) => Promise<void>>();
  for (const [name, group] of Object.entries(RATE_LIMIT_GROUPS) as Array<[RateLimitGroup, RouteGroup]>) {
    const limiter = createLimiter({
      max: group.perMinute(settings),
      timeWindow: MINUTE,
      keyGenerator: (req) => `${name}|${group.key(req)}`,
    });
    const hook = async (req: FastifyRequest, reply: FastifyReply) => {
      if (group.counts && !group.counts(req)) return;
      const result = await limiter(req);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw tooManyRequests(group.message);
    };
    hooks.set(name, hook);
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const group = route.config?.rateLimitGroup;
    if (group === undefined) return;
    const hook = hooks.get(group);
    if (!hook) throw new Error(`${route.method} ${route.url}: unknown rate-limit group ${group}`);
    // Last in onRequest: after app.authenticate, so order placement is counted per shopper. Fastify copies a GET
    // route's hooks into its HEAD twin, which then comes through here too. A group that reads the body waits for
    // it, in preValidation, so a malformed body is still counted before the schema refuses it.
    if (RATE_LIMIT_GROUPS[group].counts) {
      const existing = route.preValidation === undefined ? [] : [route.preValidation].flat();
      if (!existing.includes(hook)) route.preValidation = [...existing, hook];
      return;
    }
    const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
    if (!existing.includes(hook)) route.onRequest = [...existing, hook];
  });
}
