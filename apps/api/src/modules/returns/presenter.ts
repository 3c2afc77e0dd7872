// A return as its shopper and the back office see it (docs/api.md#returns): rupees, ISO dates, status words from
// the contract, photo URLs like a review photo's, and a video as an authenticated API path.
import { paiseToRupees, RETURN_REASON_LABELS, RETURN_STATUS_LABELS } from '@rangrez/contract/rules';
import type { AdminReturn, ReturnJson } from '@rangrez/contract/schemas';
import { cardImageUrls } from '@rangrez/db/media/urls';
import type { EvidenceRecord, ReturnLine, ReturnRow } from './repository.ts';

/** What a return's answer is built from, read together for one or many returns. */
export interface ReturnParts {
  lines: readonly ReturnLine[];
  evidence: readonly EvidenceRecord[];
  orderNumber: string;
  reprintNumber: string | null;
  refundPaise: number | null;
}

export interface PresentOptions {
  publicUrl: string;
  /** Where a video is served to this reader (the shopper's path or the back office's). */
  videoPath: (row: ReturnRow, evidenceId: string) => string;
}

export function toReturnJson(row: ReturnRow, parts: ReturnParts, options: PresentOptions): ReturnJson {
  return {
    _id: row.id,
    orderId: parts.orderNumber,
    status: row.state,
    statusLabel: RETURN_STATUS_LABELS[row.state],
    reason: row.reason as ReturnJson['reason'],
    reasonLabel: RETURN_REASON_LABELS[row.reason as ReturnJson['reason']] ?? row.reason,
    description: row.description,
    items: parts.lines.map((l) => ({
      itemId: l.orderItemId,
      productName: l.productName,
      size: l.size,
      color: l.color,
      quantity: l.quantity,
      price: paiseToRupees(l.unitPricePaise),
    })),
    evidence: parts.evidence.map((e) => ({
      _id: e.id,
      kind: e.kind,
      url:
        e.kind === 'photo' && e.mediaKey
          ? cardImageUrls(options.publicUrl, e.mediaKey, e.mediaWidths ?? []).image
          : options.videoPath(row, e.id),
      contentType: e.contentType,
    })),
    payout: row.payout,
    rejectionReason: row.rejectionReason,
    reprintOrderId: parts.reprintNumber,
    refundAmount: parts.refundPaise === null ? null : paiseToRupees(parts.refundPaise),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The value of a return's lines, in paise: what a refund pays unless staff say otherwise. */
export const linesValuePaise = (lines: readonly ReturnLine[]) =>
  lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);

export interface AdminExtras {
  order: AdminReturn['order'];
  customer: AdminReturn['customer'];
}

export function toAdminReturn(
  row: ReturnRow,
  parts: ReturnParts,
  extras: AdminExtras,
  options: PresentOptions,
): AdminReturn {
  return {
    ...toReturnJson(row, parts, options),
    order: extras.order,
    customer: extras.customer,
    payoutDetails: {
      upiId: row.payoutUpi,
      accountName: row.payoutAccountName,
      accountNumber: row.payoutAccountNumber,
      ifsc: row.payoutIfsc,
    },
    linesValue: paiseToRupees(linesValuePaise(parts.lines)),
    resolution: row.resolution,
    refundId: row.refundId,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
