// An order's totals with its promotions (decision 029): priced by the promotions module from the rows just locked,
// checked against the client's figures, and counted with the order in one savepoint, so a promotion found used up
// while counting is left out and the order priced again.
import {
  type Gateway,
  PROMOTION_MESSAGES,
  cartTotalsPaise,
  rupeesToPaise,
  shippingFeePaise,
} from '@rangrez/contract/rules';
import type { OrderBody } from '@rangrez/contract/schemas';
import { users } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../lib/db.ts';
import { badRequest } from '../../lib/errors.ts';
import { type PricedPromotions, PromotionUsedUpError, pricePromotions } from '../promotions/index.ts';
import { PriceChangedError } from './errors.ts';
import type { CatalogueProduct } from './repository.ts';

export interface PromotionLineSource {
  productId: string;
  quantity: number;
  product: { pricePaise: number };
  mrpPaise: number;
}

export interface OrderPricing {
  totals: ReturnType<typeof cartTotalsPaise>;
  /** Null when the order is priced without promotions. */
  priced: PricedPromotions | null;
}

export interface OrderPricingInput {
  body: OrderBody;
  /** The shopper's account e-mail (accountEmailsOf): a first-order promotion asks about it and the delivery's. */
  accountEmails: readonly string[];
  lines: readonly PromotionLineSource[];
  catalogue: ReadonlyMap<string, CatalogueProduct>;
  gateway: Gateway;
  /** Online: the amount the shopper pays (paise). */
  expectedTotalPaise: number | undefined;
  /** The cash on delivery fee in force (docs/cod.md#fee). */
  codFeePaise: number;
  now: Date;
}

function totalsOf(input: OrderPricingInput, priced: PricedPromotions | null) {
  return cartTotalsPaise({
    lines: input.lines.map((l) => ({
      pricePaise: l.product.pricePaise,
      mrpPaise: l.mrpPaise,
      quantity: l.quantity,
    })),
    shippingPaise:
      shippingFeePaise(input.gateway, input.codFeePaise) - (priced?.outcome.shippingDiscountPaise ?? 0),
    promotionDiscountPaise: priced?.outcome.discountPaise ?? 0,
  });
}

export async function accountEmailsOf(tx: Tx, userId: string): Promise<string[]> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row ? [row.email] : [];
}

/**
 * The order's totals with its promotions. The client's `totalAmount` must equal them; a client that sends no code
 * (the spec's) may also send the total before automatic promotions. Online, the amount being paid decides: paid
 * before automatic promotions, the order is priced without them, so the order's total is what was paid.
 */
export async function priceOrder(
  tx: Tx,
  input: OrderPricingInput,
  excluded: ReadonlySet<string>,
): Promise<OrderPricing> {
  const { body } = input;
  const priced = await pricePromotions(
    tx,
    {
      lines: input.lines.map((l) => ({
        productId: l.productId,
        categoryId: input.catalogue.get(l.productId)?.categoryId ?? null,
        typeId: input.catalogue.get(l.productId)?.productCategoryId ?? null,
        pricePaise: l.product.pricePaise,
        quantity: l.quantity,
      })),
      gateway: input.gateway,
      couponCode: body.couponCode,
      emails: [...input.accountEmails, body.deliveryAddress.email],
      phone: body.deliveryAddress.phone,
      shippingPaise: shippingFeePaise(input.gateway, input.codFeePaise),
      now: input.now,
    },
    excluded,
  );
  const promoted = { totals: totalsOf(input, priced), priced };
  const plain = { totals: totalsOf(input, null), priced: null };
  const sent = rupeesToPaise(body.totalAmount);
  const withoutCode = body.couponCode === undefined;
  const expected = input.expectedTotalPaise;
  if (expected !== undefined && expected !== promoted.totals.totalPaise) {
    if (withoutCode && expected === plain.totals.totalPaise && sent === expected) return plain;
    throw new PriceChangedError();
  }
  if (sent === promoted.totals.totalPaise) return promoted;
  if (withoutCode && sent === plain.totals.totalPaise) return promoted;
  throw new PriceChangedError();
}

/**
 * Prices, then runs `place` (insert the order and count its promotions) in a savepoint; a promotion used up by a
 * concurrent order is left out and the order priced again, an entered code used up refuses the order.
 */
export async function placeWithPromotions<T>(
  tx: Tx,
  input: OrderPricingInput,
  place: (sp: Tx, pricing: OrderPricing) => Promise<T>,
): Promise<T> {
  const excluded = new Set<string>();
  for (;;) {
    const pricing = await priceOrder(tx, input, excluded);
    try {
      return await tx.transaction((sp) => place(sp as unknown as Tx, pricing));
    } catch (err) {
      if (!(err instanceof PromotionUsedUpError)) throw err;
      if (pricing.priced?.entered?.promotion.id === err.promotionId)
        throw badRequest(PROMOTION_MESSAGES.alreadyUsed);
      excluded.add(err.promotionId);
    }
  }
}
