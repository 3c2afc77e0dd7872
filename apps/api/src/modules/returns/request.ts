// A shopper's defect return (docs/orders-lifecycle.md#returns): checked against the published policy (a delivered
// order, within the window, one open request per order), its lines, evidence and payout checked against the order,
// written with its history entry and its e-mail in one transaction under the order's row lock.
import { RETURN_MAX_PHOTOS, RETURN_MESSAGES, returnWindowOpen } from '@rangrez/contract/rules';
import type { ReturnRequestBody } from '@rangrez/contract/schemas';
import type { Tx } from '../../lib/db.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { uploadedBy } from '../media/index.ts';
import { type OrderItemRow, type OrderRow, recordReturnMove } from '../orders/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import {
  activeReturnOf,
  deliveredAt,
  insertEvidence,
  insertReturn,
  insertReturnItems,
  type ReturnRow,
} from './repository.ts';
import { findVideo } from './video.ts';

/** Why a return cannot be asked for this order now; null when it can. */
export async function refusalFor(tx: Tx, order: OrderRow, now: Date): Promise<string | null> {
  if (order.reprintOfOrderId) return RETURN_MESSAGES.reprintNotReturnable;
  if (order.state !== 'confirmed' || order.fulfilmentState !== 'delivered')
    return RETURN_MESSAGES.notDelivered;
  const delivered = await deliveredAt(tx, order.id);
  if (!delivered || !returnWindowOpen(delivered, now)) return RETURN_MESSAGES.windowClosed;
  if (await activeReturnOf(tx, order.id)) return RETURN_MESSAGES.alreadyOpen;
  return null;
}

/** The lines returned: every line in full by default; each named line once, at most its ordered quantity. */
function returnedLines(body: ReturnRequestBody, items: readonly OrderItemRow[]) {
  if (!body.items) return items.map((i) => ({ orderItemId: i.id, quantity: i.quantity }));
  const byId = new Map(items.map((i) => [i.id, i]));
  const seen = new Set<string>();
  return body.items.map((line) => {
    const item = byId.get(line.itemId);
    if (!item) throw badRequest(RETURN_MESSAGES.itemUnknown);
    if (seen.has(item.id)) throw badRequest(RETURN_MESSAGES.itemRepeated);
    seen.add(item.id);
    if (line.quantity > item.quantity) {
      throw badRequest(RETURN_MESSAGES.quantityTooLarge(item.productName, item.quantity));
    }
    return { orderItemId: item.id, quantity: line.quantity };
  });
}

/** A prepaid order goes back to where the money came from; cash on delivery needs somewhere to pay it to. */
function payoutOf(
  order: OrderRow,
  body: ReturnRequestBody,
): Pick<ReturnRow, 'payout' | 'payoutUpi' | 'payoutAccountName' | 'payoutAccountNumber' | 'payoutIfsc'> {
  if (order.paymentMethod === 'Prepaid' && body.payout !== 'original') {
    throw badRequest(RETURN_MESSAGES.payoutOriginalOnly);
  }
  if (order.paymentMethod === 'COD' && body.payout === 'original')
    throw badRequest(RETURN_MESSAGES.payoutForCod);
  return {
    payout: body.payout,
    payoutUpi: body.payout === 'upi' ? (body.upiId ?? null) : null,
    payoutAccountName: body.payout === 'bank' ? (body.accountName ?? null) : null,
    payoutAccountNumber: body.payout === 'bank' ? (body.accountNumber ?? null) : null,
    payoutIfsc: body.payout === 'bank' ? (body.ifsc ?? null) : null,
  };
}

/** Photos the shopper uploaded (each once, 1 to 5), or one video they uploaded for this order. */
async function evidenceOf(tx: Tx, order: OrderRow, body: ReturnRequestBody, videoDir: string) {
  const photos = body.photoIds ?? [];
  if (photos.length > RETURN_MAX_PHOTOS) throw badRequest(RETURN_MESSAGES.tooManyPhotos);
  if (new Set(photos).size !== photos.length) throw badRequest(RETURN_MESSAGES.photosNotOwned);
  const own = await uploadedBy(tx, order.userId, photos);
  if (photos.some((id) => !own.has(id))) throw badRequest(RETURN_MESSAGES.photosNotOwned);
  const video = body.videoId ? await findVideo(videoDir, order.id, body.videoId) : undefined;
  if (body.videoId && !video) throw badRequest(RETURN_MESSAGES.videoNotOwned);
  return { photos, video };
}

export interface RequestContext {
  tx: Tx;
  /** Locked by the caller; the shopper's own. */
  order: OrderRow;
  items: readonly OrderItemRow[];
  now: Date;
  videoDir: string;
}

export async function requestReturnInTx(ctx: RequestContext, body: ReturnRequestBody): Promise<ReturnRow> {
  const { tx, order, now } = ctx;
  const refusal = await refusalFor(tx, order, now);
  if (refusal) throw conflict(refusal);
  const lines = returnedLines(body, ctx.items);
  const payout = payoutOf(order, body);
  const { photos, video } = await evidenceOf(tx, order, body, ctx.videoDir);
  const row = await insertReturn(tx, {
    orderId: order.id,
    userId: order.userId,
    state: 'requested',
    reason: body.reason,
    description: body.description,
    ...payout,
    createdAt: now,
    updatedAt: now,
  });
  if (!row) throw conflict(RETURN_MESSAGES.alreadyOpen);
  await insertReturnItems(tx, row.id, lines);
  await insertEvidence(tx, [
    ...photos.map((mediaId, position) => ({
      returnId: row.id,
      kind: 'photo' as const,
      mediaId,
      position,
      createdAt: now,
    })),
    ...(video
      ? [
          {
            returnId: row.id,
            kind: 'video' as const,
            storageKey: video.storageKey,
            contentType: video.contentType,
            sizeBytes: video.sizeBytes,
            position: 0,
            createdAt: now,
          },
        ]
      : []),
  ]);
  await recordReturnMove(
    tx,
    order.id,
    null,
    'requested',
    `return requested by the shopper: ${body.reason}`,
    now,
  );
  await enqueueEmail(
    tx,
    { kind: 'return-updated', orderId: order.id, returnId: row.id, state: 'requested' },
    order.email,
    now,
  );
  return row;
}

export const orderNotFound = () => notFound(RETURN_MESSAGES.orderNotFound);
