// The newsletter and its welcome offer (docs/newsletter.md): subscribing with consent, the double opt-in
// confirmation, one-click unsubscribe, and the back office's list of subscribers.

import { z } from 'zod';
import { NEWSLETTER_MESSAGES } from '../rules/newsletter-messages.ts';
import { emailAddressSchema, integerQueryParam, isoDateTimeSchema } from './basics.ts';

/** The sources a subscription comes from: the newsletter box, or the sign-up page's checkbox. */
export const NEWSLETTER_SOURCES = ['newsletter', 'signup'] as const;
export const NEWSLETTER_STATUS_VALUES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUS_VALUES)[number];

/** A confirmation or unsubscribe token as the links carry it (URL-safe base64). */
export const newsletterTokenSchema = z
  .string({ error: 'token is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, 'token is invalid');

/** POST /newsletter/subscribe. */
export const newsletterSubscribeBodySchema = z.object({
  email: emailAddressSchema(NEWSLETTER_MESSAGES),
  consent: z.literal(true, { error: NEWSLETTER_MESSAGES.consentRequired }),
  source: z.enum(NEWSLETTER_SOURCES, { error: 'source must be newsletter or signup' }).default('newsletter'),
});
export type NewsletterSubscribeBody = z.input<typeof newsletterSubscribeBodySchema>;

/** POST /newsletter/confirm. */
export const newsletterConfirmBodySchema = z.object({ token: newsletterTokenSchema });

/** POST and GET /newsletter/unsubscribe?token=. */
export const newsletterUnsubscribeQuerySchema = z.object({ token: newsletterTokenSchema });

/** The welcome offer's terms, as the storefront shows them. */
export const welcomeOfferSchema = z.object({
  enabled: z.boolean(),
  percent: z.number().int(),
  /** The most it takes off, in rupees. */
  cap: z.number().int(),
  /** The subtotal it needs, in rupees; 0: none. */
  minSubtotal: z.number().int(),
});
export type WelcomeOffer = z.infer<typeof welcomeOfferSchema>;

/** GET /newsletter: whether the newsletter box takes addresses, and the offer it promises. */
export const newsletterInfoResponseSchema = z.object({
  success: z.literal(true),
  welcomeOffer: welcomeOfferSchema,
});

// ---------------------------------------------------------------- back office

export const adminSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(NEWSLETTER_STATUS_VALUES),
  source: z.enum(NEWSLETTER_SOURCES),
  consentedAt: isoDateTimeSchema,
  confirmedAt: isoDateTimeSchema.nullable(),
  unsubscribedAt: isoDateTimeSchema.nullable(),
  /** The welcome code sent, or null while there is none. */
  code: z.string().nullable(),
  /** Whether an order holds the welcome code now. */
  codeUsed: z.boolean(),
});
export type AdminSubscriber = z.infer<typeof adminSubscriberSchema>;

/** GET /admin/subscribers and its CSV: a search in the e-mail, a status, and a page. */
export const adminSubscriberQuerySchema = z.object({
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  status: z
    .enum(NEWSLETTER_STATUS_VALUES, { error: 'status must be pending, confirmed or unsubscribed' })
    .optional(),
  limit: integerQueryParam('limit', 1, 200).default(50),
  offset: integerQueryParam('offset', 0).default(0),
});
export type AdminSubscriberQuery = z.input<typeof adminSubscriberQuerySchema>;

export const adminSubscriberListResponseSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  subscribers: z.array(adminSubscriberSchema),
});
export type AdminSubscriberList = z.infer<typeof adminSubscriberListResponseSchema>;
