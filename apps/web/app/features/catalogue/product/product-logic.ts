// Product page rules that need no browser: text splitting, the size-then-colour check, sharing.
import {
  PRODUCT_ERROR_MESSAGES,
  PRODUCT_MESSAGES,
  SHARE_MESSAGES,
} from '@rangrez/contract/rules/product-messages';

/** The Description tab splits the text on periods; each sentence becomes a bullet. */
export function descriptionSentences(description: string): string[] {
  return description
    .split('.')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Additional Information is stored as lines. */
export function infoLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

export interface Selection {
  size: string | null;
  color: string | null;
}

/** Size first, then colour (docs/product/rules.md#choosing-a-product): the message to show, or null when both are set. */
export function selectionError(selection: Selection): string | null {
  if (!selection.size) return PRODUCT_MESSAGES.selectSize;
  if (!selection.color) return PRODUCT_MESSAGES.selectColor;
  return null;
}

/**
 * What can be bought of one colour and size (docs/product/rules.md#stock-per-variant); the product's stock when
 * the answer carries no variants.
 */
export function variantStock(
  product: { stock: number; variants?: readonly { color: string; size: string; stock: number }[] },
  color: string,
  size: string,
): number {
  if (!product.variants) return product.stock;
  return product.variants.find((v) => v.color === color && v.size === size)?.stock ?? 0;
}

export interface ShareTarget {
  name: string;
  description: string;
  url: string;
}

type ShareNavigator = {
  share?: (data: { title?: string; text?: string; url?: string }) => Promise<void>;
  clipboard?: { writeText(text: string): Promise<void> };
};

export type ShareResult =
  { outcome: 'shared' | 'cancelled' } | { outcome: 'copied' | 'failed'; message: string };

/**
 * The device's share sheet; else name, description and link copied to the clipboard
 * ('Product details copied to clipboard!'); else 'Unable to share. Please copy the link manually.'.
 * Closing the share sheet is not a failure.
 */
export async function shareProduct(
  nav: ShareNavigator | undefined,
  target: ShareTarget,
): Promise<ShareResult> {
  if (nav?.share) {
    try {
      await nav.share({ title: target.name, text: target.description, url: target.url });
      return { outcome: 'shared' };
    } catch (err) {
      if (err instanceof Error && err.name === 'AbortError') return { outcome: 'cancelled' };
      // A refused share (no user gesture, unsupported data) falls through to the clipboard.
    }
  }
  if (nav?.clipboard) {
    try {
      const text = [target.name, target.description, target.url].filter(Boolean).join('\n');
      await nav.clipboard.writeText(text);
      return { outcome: 'copied', message: PRODUCT_ERROR_MESSAGES.copiedToClipboard };
    } catch {
      // Clipboard permission denied: tell the shopper to copy by hand.
    }
  }
  return { outcome: 'failed', message: SHARE_MESSAGES.failed };
}
