// What a shopper can buy of one colour and size: the variant's stock, or 0 when the variant is missing or not sold.
// The cart, the refusals of order placement and 'Notify me' read it alike.
import { productVariants } from '@rangrez/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from './db.ts';

/** The rule as a column: for a query that (left-)joins the variant. */
export const sellableStockSql = sql<number>`coalesce(case when ${productVariants.sellable} then ${productVariants.stock} end, 0)`;

export async function sellableStockOf(
  db: Executor,
  variant: { productId: string; color: string; size: string },
): Promise<number> {
  const [row] = await db
    .select({ stock: sellableStockSql.mapWith(Number) })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, variant.productId),
        eq(productVariants.color, variant.color),
        eq(productVariants.size, variant.size),
      ),
    );
  return row?.stock ?? 0;
}
