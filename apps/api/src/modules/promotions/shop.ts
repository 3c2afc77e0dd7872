// The shopper's public reads of promotions (docs/promotions.md#the-shoppers-side): a preview of what a cart the
// server does not hold would get, and the product page's best offer. Neither names a code it was not sent, nor a
// promotion meant for particular shoppers; nothing is counted.
import {
  type Gateway,
  bestOffer,
  isUuid,
  offerText,
  paiseToRupees,
  shippingFeePaise,
} from '@rangrez/contract/rules';
import type { PromotionPreview, PromotionPreviewBody } from '@rangrez/contract/schemas';
import { products, promotions } from '@rangrez/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../lib/db.ts';
import { codFeePaiseIn } from '../cod/index.ts';
import { cartPromotions, toRulePromotion } from './pricing.ts';

interface ProductFacts {
  id: string;
  pricePaise: number;
  categoryId: string | null;
  productCategoryId: string | null;
}

async function activeProducts(db: Executor, ids: readonly string[]): Promise<Map<string, ProductFacts>> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      pricePaise: products.pricePaise,
      categoryId: products.categoryId,
      productCategoryId: products.productCategoryId,
    })
    .from(products)
    .where(and(inArray(products.id, valid), eq(products.isActive, true)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * What the items would get now, for a shopper the server does not know: identity facts (first order, own limits,
 * specific shoppers) are decided again when the code reaches a signed-in cart or an order. Unknown products are
 * left out, as the order would refuse them anyway.
 */
export async function previewPromotions(
  db: Executor,
  body: PromotionPreviewBody,
  now: Date,
): Promise<PromotionPreview> {
  const known = await activeProducts(
    db,
    body.items.map((item) => item.productId),
  );
  const lines = body.items.flatMap((item) => {
    const product = known.get(item.productId);
    return product
      ? [
          {
            productId: product.id,
            categoryId: product.categoryId,
            typeId: product.productCategoryId,
            pricePaise: product.pricePaise,
            quantity: item.quantity,
          },
        ]
      : [];
  });
  const gateway: Gateway | null = body.gateway ?? null;
  const { priced, couponMessage } = await cartPromotions(db, {
    lines,
    gateway,
    couponCode: body.code,
    emails: [],
    phone: '',
    shippingPaise: gateway === null ? 0 : shippingFeePaise(gateway, await codFeePaiseIn(db)),
    now,
  });
  const outcome = priced?.outcome;
  const applied = outcome?.applied ?? [];
  const appliedCode = applied.find((a) => a.code !== null) ? priced?.entered?.code : undefined;
  return {
    promotions: applied.map((a) => ({
      id: a.id,
      code: a.code === null ? null : (priced?.entered?.code ?? a.code),
      kind: a.kind,
      title: priced?.rows.get(a.id)?.title ?? '',
      saved: paiseToRupees(a.discountPaise + a.shippingDiscountPaise),
    })),
    promotionDiscount: paiseToRupees(outcome?.discountPaise ?? 0),
    shippingDiscount: paiseToRupees(outcome?.shippingDiscountPaise ?? 0),
    prepaidOnly: outcome?.prepaidOnly ?? false,
    ...(body.code !== undefined && couponMessage === null ? { couponCode: appliedCode ?? body.code } : {}),
    ...(couponMessage === null ? {} : { couponMessage }),
  };
}

/**
 * The product page's "Best offer" text: the best automatic, active, in-window promotion open to everyone that takes
 * something off this product (or the whole order). Null when there is none or the product is unknown.
 */
export async function productOffer(db: Executor, productId: string, now: Date): Promise<string | null> {
  const product = (await activeProducts(db, [productId])).get(productId);
  if (!product) return null;
  const rows = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.automatic, true), eq(promotions.active, true)));
  const open = rows
    .filter((row) => row.shoppers.length === 0)
    .filter((row) => row.usageLimit === null || row.used < row.usageLimit)
    .filter((row) => row.budgetPaise === null || row.budgetUsedPaise < row.budgetPaise)
    .map((row) => toRulePromotion(row));
  const best = bestOffer(
    {
      productId: product.id,
      categoryId: product.categoryId,
      typeId: product.productCategoryId,
      pricePaise: product.pricePaise,
    },
    open,
    now.getTime(),
  );
  return best === null ? null : `Best offer: ${offerText(best)}`;
}
