import { cartItems, wishlistItems } from '../schema.ts';
import { createProduct } from './catalogue.ts';
import type { DbExecutor } from './executor.ts';
import { createUser } from './users.ts';

export type CartItemRow = typeof cartItems.$inferSelect;
export type CartItemInsert = typeof cartItems.$inferInsert;
export type WishlistItemRow = typeof wishlistItems.$inferSelect;

/** A cart line (size M, colour Bk, quantity 1 by default); creates the user and product when not given. */
export async function createCartItem(
  db: DbExecutor,
  overrides: Partial<CartItemInsert> = {},
): Promise<CartItemRow> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const productId = overrides.productId ?? (await createProduct(db)).id;
  const [row] = await db
    .insert(cartItems)
    .values({ size: 'M', color: 'Bk', quantity: 1, ...overrides, userId, productId })
    .returning();
  if (!row) throw new Error('createCartItem: no row returned');
  return row;
}

export async function createWishlistItem(
  db: DbExecutor,
  overrides: { userId?: string; productId?: string } = {},
): Promise<WishlistItemRow> {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const productId = overrides.productId ?? (await createProduct(db)).id;
  const [row] = await db.insert(wishlistItems).values({ userId, productId }).returning();
  if (!row) throw new Error('createWishlistItem: no row returned');
  return row;
}
