// What the cart store needs to send a promotion code (docs/promotions.md#the-shoppers-side), apart from the
// summaries (promotions.ts), which only the code field and checkout load.
import { NETWORK_MESSAGES } from '@rangrez/contract/rules/site-messages';
import type { PromotionPreviewBody } from '@rangrez/contract/schemas';

export function previewItems(
  lines: readonly { productId: string; quantity: number }[],
): PromotionPreviewBody['items'] {
  return lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
}

/** A failed code call, in words: the server's refusal (400, 429) or the network's. */
export function codeFailure(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : NETWORK_MESSAGES.requestFailed;
}
