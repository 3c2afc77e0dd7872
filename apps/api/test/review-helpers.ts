// Scenes for the review tests (reviews.test.ts, review-photos.test.ts): shoppers whose orders reached a given
// fulfilment state, written straight to the database as the partner's status updates would leave them.
import { createProduct } from '@rangrez/db/factories/catalogue';
import { orderItems, orders } from '@rangrez/db/schema';
import { type SignedInUser, type TestApp, signInNewUser } from './helpers.ts';

let ordersMade = 0;

/** An order of the shopper's containing the product, in the given fulfilment state. */
export async function orderWith(
  t: TestApp,
  userId: string,
  productId: string,
  fulfilmentState: 'delivered' | 'shipped',
) {
  const db = t.database.db;
  ordersMade += 1;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: `RV${process.pid}N${ordersMade}`.slice(0, 15),
      userId,
      paymentMethod: 'COD',
      orderType: 'BUY_NOW',
      state: 'confirmed',
      paymentState: fulfilmentState === 'delivered' ? 'collected' : 'cod_pending',
      fulfilmentState,
      itemCount: 1,
      subtotalPaise: 79_900,
      discountPaise: 0,
      shippingPaise: 0,
      totalPaise: 79_900,
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.in',
      phone: '9876543210',
      doorNo: '12B',
      street: 'Linking Road',
      city: 'Mumbai',
      addressState: 'Maharashtra',
      pincode: '400050',
    })
    .returning();
  if (!order) throw new Error('orderWith: no order');
  await db.insert(orderItems).values({
    orderId: order.id,
    productId,
    productName: 'Test tee',
    sku: 'TEST-TEE',
    size: 'M',
    color: 'Bk',
    quantity: 1,
    unitPricePaise: 79_900,
    unitMrpPaise: 109_900,
  });
  return order;
}

/** A shopper with a delivered order of a new product, and that product. */
export async function eligibleShopper(
  t: TestApp,
  firstName = 'Meera',
): Promise<{ shopper: SignedInUser; productId: string }> {
  const shopper = await signInNewUser(t, { firstName });
  const product = await createProduct(t.database.db);
  await orderWith(t, shopper.userId, product.id, 'delivered');
  return { shopper, productId: product.id };
}
