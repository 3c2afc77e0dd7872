// The newsletter (docs/newsletter.md, decision 030): double opt-in subscription with the consent kept, the welcome
// offer's code minted once per address on confirmation, and one-click unsubscribe. Every e-mail goes through the
// outbox in the transaction that decides it.
import { createHash, randomBytes } from 'node:crypto';
import { NEWSLETTER_MESSAGES } from '@rangrez/contract/rules/newsletter-messages';
import {
  type NewsletterSubscribeBody,
  type StoreSettingsValues,
  type WelcomeOffer,
  newsletterSubscribeBodySchema,
  newsletterTokenSchema,
} from '@rangrez/contract/schemas';
import type { NewsletterOutcome } from '@rangrez/contract/services';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor } from '../../lib/db.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { mintWelcomeCode } from '../promotions/index.ts';
import { storeSettingsIn, welcomeOfferOf } from '../settings/index.ts';
import {
  type SubscriberRow,
  accountIdOf,
  lockOrCreateSubscriber,
  lockSubscriberByConfirmHash,
  lockSubscriberByUnsubscribeToken,
  updateSubscriber,
} from './repository.ts';

/** A confirmation link works this long. */
export const CONFIRM_TTL_MS = 7 * 24 * 3600_000;
/** A pending address gets a new link at most this often, however often it is entered. */
export const RESEND_AFTER_MS = 10 * 60_000;

export interface NewsletterOptions {
  db: Db;
  clock: Clock;
  defaults: StoreSettingsValues;
}

/** Who gave the consent, kept with it. */
export interface ConsentContext {
  ip: string | null;
  userAgent: string | null;
}

const newToken = () => randomBytes(24).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function offerIn(opts: NewsletterOptions, executor: Executor): Promise<WelcomeOffer> {
  return welcomeOfferOf(await storeSettingsIn(executor, opts.defaults));
}

/** Whether a new confirmation link goes out: never to a confirmed address, and not twice in RESEND_AFTER_MS. */
function wantsLink(row: SubscriberRow, now: Date): boolean {
  if (row.status === 'confirmed') return false;
  if (row.status === 'unsubscribed' || row.confirmSentAt === null) return true;
  return now.getTime() - row.confirmSentAt.getTime() >= RESEND_AFTER_MS;
}

/**
 * POST /newsletter/subscribe: the same answer for a new, pending or confirmed address. A new or unsubscribed
 * address (and a pending one whose link is older than RESEND_AFTER_MS) gets a fresh confirmation link.
 */
async function subscribe(opts: NewsletterOptions, body: NewsletterSubscribeBody, who: ConsentContext) {
  const { email, source } = newsletterSubscribeBodySchema.parse(body);
  if (!(await offerIn(opts, opts.db)).enabled) throw forbidden(NEWSLETTER_MESSAGES.closed);
  const now = opts.clock.now();
  const consent = {
    source,
    consentText: NEWSLETTER_MESSAGES.consentLine,
    consentedAt: now,
    consentIp: who.ip,
    consentUserAgent: who.userAgent?.slice(0, 500) ?? null,
  };
  await opts.db.transaction(async (tx) => {
    const row = await lockOrCreateSubscriber(tx, { email, ...consent, unsubscribeToken: newToken() });
    if (!wantsLink(row, now)) return;
    const token = newToken();
    await updateSubscriber(tx, row.id, {
      ...consent,
      status: 'pending',
      confirmTokenHash: hashOf(token),
      confirmSentAt: now,
      unsubscribedAt: null,
      updatedAt: now,
    });
    await enqueueEmail(tx, { kind: 'newsletter-confirm', subscriberId: row.id, token }, email, now);
  });
  return { success: true as const, message: NEWSLETTER_MESSAGES.checkInbox };
}

/** Confirms a pending row: the welcome code is minted and mailed once per address, while the offer is on. */
async function confirmPending(opts: NewsletterOptions, tx: Executor, row: SubscriberRow, now: Date) {
  const offer = await offerIn(opts, tx);
  let welcomeCodeId = row.welcomeCodeId;
  if (offer.enabled && welcomeCodeId === null) {
    const minted = await mintWelcomeCode(
      tx,
      {
        percent: offer.percent,
        maxDiscountPaise: offer.cap * 100,
        minSubtotalPaise: offer.minSubtotal * 100,
      },
      now,
    );
    welcomeCodeId = minted.id;
  }
  await updateSubscriber(tx, row.id, {
    status: 'confirmed',
    confirmedAt: now,
    welcomeCodeId,
    userId: accountIdOf(row.email),
    updatedAt: now,
  });
  if (welcomeCodeId !== null && row.welcomeCodeId === null) {
    await enqueueEmail(tx, { kind: 'newsletter-welcome', subscriberId: row.id }, row.email, now);
  }
  return welcomeCodeId;
}

/** POST /newsletter/confirm: idempotent; a link that is unknown, replaced, expired or unsubscribed is refused. */
async function confirm(opts: NewsletterOptions, token: string) {
  const now = opts.clock.now();
  const welcomeCodeId = await opts.db.transaction(async (tx) => {
    const row = await lockSubscriberByConfirmHash(tx, hashOf(token));
    if (!row || row.status === 'unsubscribed') throw badRequest(NEWSLETTER_MESSAGES.confirmInvalid);
    if (row.status === 'confirmed') return row.welcomeCodeId;
    const sent = row.confirmSentAt?.getTime() ?? 0;
    if (now.getTime() - sent > CONFIRM_TTL_MS) throw badRequest(NEWSLETTER_MESSAGES.confirmInvalid);
    return confirmPending(opts, tx, row, now);
  });
  const message =
    welcomeCodeId === null ? NEWSLETTER_MESSAGES.confirmedNoOffer : NEWSLETTER_MESSAGES.confirmed;
  return { success: true as const, message };
}

/** One-click unsubscribe: idempotent; the confirmation link stops working. */
async function unsubscribe(opts: NewsletterOptions, token: string) {
  const now = opts.clock.now();
  await opts.db.transaction(async (tx) => {
    const row = await lockSubscriberByUnsubscribeToken(tx, token);
    if (!row) throw badRequest(NEWSLETTER_MESSAGES.unsubscribeInvalid);
    if (row.status === 'unsubscribed') return;
    await updateSubscriber(tx, row.id, {
      status: 'unsubscribed',
      unsubscribedAt: now,
      confirmTokenHash: null,
      updatedAt: now,
    });
  });
  return { success: true as const, message: NEWSLETTER_MESSAGES.unsubscribed };
}

/** A page's token as the API would check it; a malformed one is refused with the page's own words. */
function validToken(token: string, refusal: string): string {
  const parsed = newsletterTokenSchema.safeParse(token);
  if (!parsed.success) throw badRequest(refusal);
  return parsed.data;
}

/** A page's view of a call: done with its message, or the refusal's message. */
async function outcome(run: () => Promise<{ message: string }>): Promise<NewsletterOutcome> {
  try {
    return { ok: true, message: (await run()).message };
  } catch (err) {
    if (err instanceof AppError && err.statusCode < 500) return { ok: false, message: err.message };
    throw err;
  }
}

export function createNewsletterService(opts: NewsletterOptions) {
  return {
    info: async () => ({ success: true as const, welcomeOffer: await offerIn(opts, opts.db) }),
    subscribe: (body: NewsletterSubscribeBody, who: ConsentContext) => subscribe(opts, body, who),
    confirm: (token: string) => confirm(opts, token),
    unsubscribe: (token: string) => unsubscribe(opts, token),
    /** What the web pages call (the contract's StoreServices). */
    pages: {
      confirm: (token: string) =>
        outcome(() => confirm(opts, validToken(token, NEWSLETTER_MESSAGES.confirmInvalid))),
      unsubscribe: (token: string) =>
        outcome(() => unsubscribe(opts, validToken(token, NEWSLETTER_MESSAGES.unsubscribeInvalid))),
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
