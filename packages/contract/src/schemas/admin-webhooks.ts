// The webhook inbox as staff see it (docs/admin.md#orders): every signed delivery, the dead-letter list among
// them, and replaying an event that failed.
import { z } from 'zod';
import { isoDateTimeSchema } from './common.ts';

export const WEBHOOK_STATUS_VALUES = ['received', 'processed', 'dead'] as const;

export const ADMIN_WEBHOOK_MESSAGES = {
  notFound: 'Webhook event not found',
  alreadyProcessed: 'This event was processed already; replaying it would change nothing.',
  replayed: 'Event queued to be processed again',
} as const;

/** GET /admin/webhooks: newest first; `cursor` is the previous page's `nextCursor`. */
export const adminWebhookQuerySchema = z.object({
  status: z.enum(WEBHOOK_STATUS_VALUES, { error: 'status must be received, processed or dead' }).optional(),
  cursor: z.coerce.number({ error: 'cursor must be a number' }).int().positive().optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).default(50),
});
export type AdminWebhookQuery = z.infer<typeof adminWebhookQuerySchema>;

export const adminWebhookSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_STATUS_VALUES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The store order the event was about, once processing found it. */
  orderNumber: z.string().nullable(),
  receivedAt: isoDateTimeSchema,
  deadAt: isoDateTimeSchema.nullable(),
  replayedBy: z.string().nullable(),
  replayedAt: isoDateTimeSchema.nullable(),
});
export type AdminWebhook = z.infer<typeof adminWebhookSchema>;

export const adminWebhookListResponseSchema = z.object({
  success: z.literal(true),
  events: z.array(adminWebhookSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type AdminWebhookListResponse = z.infer<typeof adminWebhookListResponseSchema>;

export const adminWebhookParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive('id must be a number'),
});

export const adminWebhookReplayResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  event: adminWebhookSchema,
});
export type AdminWebhookReplayResponse = z.infer<typeof adminWebhookReplayResponseSchema>;
