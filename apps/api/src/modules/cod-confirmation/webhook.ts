// WhatsApp's webhook (docs/cod-confirmation.md#whatsapp): checked against X-Hub-Signature-256 over the raw bytes
// before anything is read. A button reply is stored under its message id (unique: a delivery repeated acts once)
// and confirms or cancels its order at once; a delivery receipt updates the message we sent, and a failed one
// sends the request by SMS instead.
import { codMessages, COD_MESSAGE_STATUSES } from '@rangrez/db/schema';
import { and, eq, ne } from 'drizzle-orm';
import { isSignedBy, parseReplyPayload, waNumber } from '../../integrations/whatsapp/port.ts';
import { QUEUES } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import type { CodConfirmationService, CodOrders } from './service.ts';

export interface WhatsAppWebhookDeps {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  orders: CodOrders;
  cod: CodConfirmationService;
  appSecret: string;
}

export const WHATSAPP_WEBHOOK_MESSAGES = {
  badSignature: 'Invalid webhook signature',
  badBody: 'Webhook body is not valid JSON',
  received: 'Webhook processed',
} as const;

interface InboundMessage {
  from?: unknown;
  id?: unknown;
  type?: unknown;
  button?: { payload?: unknown };
  interactive?: { button_reply?: { id?: unknown } };
}

interface StatusUpdate {
  id?: unknown;
  status?: unknown;
  errors?: { title?: unknown; message?: unknown }[];
}

interface ChangeValue {
  messages?: InboundMessage[];
  statuses?: StatusUpdate[];
}

function valuesOf(body: unknown): ChangeValue[] {
  const entries = (body as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: { changes?: unknown }) =>
    Array.isArray(entry?.changes)
      ? entry.changes.flatMap((change: { field?: unknown; value?: unknown }) =>
          change?.field === 'messages' && typeof change.value === 'object' && change.value !== null
            ? [change.value as ChangeValue]
            : [],
        )
      : [],
  );
}

/** The quick-reply's payload: a template button ('button'), or an interactive message's reply id. */
function payloadOf(m: InboundMessage): string | undefined {
  const payload =
    m.type === 'button'
      ? m.button?.payload
      : m.type === 'interactive'
        ? m.interactive?.button_reply?.id
        : undefined;
  return typeof payload === 'string' ? payload : undefined;
}

async function onReply(deps: WhatsAppWebhookDeps, m: InboundMessage) {
  const payload = payloadOf(m);
  if (typeof m.id !== 'string' || typeof m.from !== 'string' || !payload) return;
  const reply = parseReplyPayload(payload);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(codMessages)
      .values({
        channel: 'whatsapp',
        direction: 'in',
        kind: payload.slice(0, 64),
        phone: m.from as string,
        providerMessageId: m.id as string,
        status: 'received',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: codMessages.id });
    // Delivered before: acted on then.
    if (!row || !reply) return;
    const id = await deps.orders.resolveOrderId(tx, reply.orderNumber);
    const order = id ? await deps.orders.lockOrderInTx(tx, id) : undefined;
    // A reply names its order; only the order's own phone may answer for it.
    if (!order || waNumber(order.phone) !== m.from) return;
    let error: string | null = null;
    try {
      await deps.cod.decideInTx(tx, order, { action: reply.action, by: 'whatsapp' });
    } catch (e) {
      // Already decided, or too late: kept on the reply for the order's history, and acknowledged.
      if (!(e instanceof AppError)) throw e;
      error = e.message;
    }
    await tx.update(codMessages).set({ orderId: order.id, error }).where(eq(codMessages.id, row.id));
  });
}

async function onStatus(deps: WhatsAppWebhookDeps, st: StatusUpdate) {
  const status = COD_MESSAGE_STATUSES.find((s) => s === st.status && s !== 'received');
  if (typeof st.id !== 'string' || !status) return;
  const error = st.errors?.map((e) => String(e.message ?? e.title ?? '')).join('; ') || null;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(codMessages)
      .set({ status, error, updatedAt: deps.clock.now() })
      .where(
        and(
          eq(codMessages.channel, 'whatsapp'),
          eq(codMessages.direction, 'out'),
          eq(codMessages.providerMessageId, st.id as string),
          // A failure is final: a late 'delivered' receipt does not undo it.
          ne(codMessages.status, 'failed'),
        ),
      )
      .returning({ orderId: codMessages.orderId });
    if (status === 'failed' && row?.orderId) {
      await deps.jobs.send(
        QUEUES.codConfirmMessage,
        { orderId: row.orderId, kind: 'sms' },
        { executor: tx, singletonKey: `sms:${st.id as string}` },
      );
    }
  });
}

/** A WhatsApp webhook delivery: refused unless signed with the app secret; acted on otherwise. */
export async function handleWhatsAppWebhook(
  deps: WhatsAppWebhookDeps,
  raw: Buffer,
  signature: string | string[] | undefined,
): Promise<void> {
  if (!isSignedBy(raw, signature, deps.appSecret)) throw unauthorized(WHATSAPP_WEBHOOK_MESSAGES.badSignature);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest(WHATSAPP_WEBHOOK_MESSAGES.badBody);
  }
  for (const value of valuesOf(body)) {
    for (const m of Array.isArray(value.messages) ? value.messages : []) await onReply(deps, m);
    for (const st of Array.isArray(value.statuses) ? value.statuses : []) await onStatus(deps, st);
  }
}
