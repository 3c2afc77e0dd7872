// Which products a promotion would put between the GST slabs (docs/gst.md#between-the-slabs): the owner is
// warned on the promotion's page, before shoppers pay the high rate on a discounted piece.
import { apparelSlabOn, indiaDate, paiseToRupees, pieceAfterPromotion } from '@rangrez/contract/rules';
import type { AdminPromotionGstCheckResponse } from '@rangrez/contract/schemas';
import { promotions, products } from '@rangrez/db/schema';
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import type { Executor } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import { toRulePromotion } from './pricing.ts';

const LISTED = 50;

/** The published products a target can reach: its products, categories or types, or all of them. */
function targetFilter(scope: string, ids: readonly string[]): SQL | undefined {
  if (scope === 'order') return undefined;
  if (ids.length === 0) return inArray(products.id, []);
  if (scope === 'products') return inArray(products.id, [...ids]);
  if (scope === 'categories') return inArray(products.categoryId, [...ids]);
  return inArray(products.productCategoryId, [...ids]);
}

export async function promotionGstCheck(
  db: Executor,
  clock: Clock,
  id: string,
  notFoundMessage: string,
): Promise<AdminPromotionGstCheckResponse> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  if (!row) throw notFound(notFoundMessage);
  const promotion = toRulePromotion(row);
  const slab = apparelSlabOn(indiaDate(clock.now()));
  const candidates = await db
    .select({
      id: products.id,
      name: products.name,
      pricePaise: products.pricePaise,
      categoryId: products.categoryId,
      typeId: products.productCategoryId,
    })
    .from(products)
    .where(and(eq(products.isActive, true), targetFilter(row.target, row.targetIds)))
    .orderBy(asc(products.name), asc(products.id));
  const between = [];
  for (const p of candidates) {
    const piece = pieceAfterPromotion(
      promotion,
      { productId: p.id, categoryId: p.categoryId, typeId: p.typeId, pricePaise: p.pricePaise },
      slab,
    );
    if (piece?.band !== 'between') continue;
    between.push({
      id: p.id,
      name: p.name,
      price: paiseToRupees(p.pricePaise),
      priceAfter: paiseToRupees(Math.round(piece.amountPaise / piece.quantity)),
      quantity: piece.quantity,
    });
  }
  return { success: true, total: between.length, products: between.slice(0, LISTED) };
}
