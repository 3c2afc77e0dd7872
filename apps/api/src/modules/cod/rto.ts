// Parcels that came back to origin (docs/cod.md#rto): each is recorded once with the partner's word; a cash order
// counts against its phone and its account, and at the owner's threshold both lose cash on delivery.
import { DEFAULT_COD_RULES, normaliseIndianPhone } from '@rangrez/contract/rules';
import type { Executor } from '../../lib/db.ts';
import { type BlockSubject, countCodRtosSinceLift, findRules, insertBlock, insertRto } from './repository.ts';

export interface ReturnedOrder {
  id: string;
  paymentMethod: 'COD' | 'Prepaid';
  phone: string;
  userId: string;
}

/** Blocks the subject once its cash orders back since the last lift reach the threshold. */
async function blockAtThreshold(tx: Executor, subject: BlockSubject, threshold: number, now: Date) {
  const returned = await countCodRtosSinceLift(tx, subject);
  if (returned < threshold) return;
  await insertBlock(tx, subject, `${returned} Cash on Delivery orders returned to origin`, now);
}

/**
 * Records the order's return to origin, in the transaction that moved it (under the order's lock). A second
 * report of the same return changes nothing.
 */
export async function recordRtoInTx(tx: Executor, order: ReturnedOrder, reason: string, now: Date) {
  const phone = normaliseIndianPhone(order.phone);
  const fresh = await insertRto(tx, {
    orderId: order.id,
    paymentMethod: order.paymentMethod,
    phoneNormalised: phone,
    userId: order.userId,
    reason,
    createdAt: now,
  });
  if (!fresh || order.paymentMethod !== 'COD') return;
  // The threshold has no environment default: the contract's holds until the owner saves the rules.
  const { rtoBlockThreshold } = await findRules(tx, DEFAULT_COD_RULES);
  await blockAtThreshold(tx, { phoneNormalised: phone }, rtoBlockThreshold, now);
  await blockAtThreshold(tx, { userId: order.userId }, rtoBlockThreshold, now);
}
