// ADD TO CART and BUY NOW, once a size and a colour are chosen (docs/product/rules.md#choosing-a-product).
import { CART_MESSAGES } from '@rangrez/contract/rules/cart-messages';
import { notify } from '../../components/toast-store';
import { loginHref } from '../../lib/return-to';
import { loadSession } from '../account';
import { loadCart } from './cart-count';
import type { CartProductInfo } from './guest-cart';

export interface CartSelection {
  productId: string;
  size: string;
  color: string;
  quantity: number;
  /** The product as the page shows it: the cart shows the line before any server answer. */
  product: CartProductInfo;
}

/** Same product, size and colour +1, else a new line; 'Item added to cart!'. */
export async function addToCart({ productId, size, color, product }: CartSelection): Promise<boolean> {
  const { _id, name, sku, price, mrp, stock, image, thumbnail } = product;
  try {
    const store = await loadCart();
    return await store.add(
      { productId, size, color },
      { _id, name, sku, price, mrp, stock, image, thumbnail },
    );
  } catch {
    // The cart's code could not be fetched (offline).
    notify(CART_MESSAGES.addFailed, 'error');
    return false;
  }
}

/**
 * BUY NOW: checkout with only this item (orderType BUY_NOW); the cart stays as it is. A signed-out shopper signs
 * in first; the summary waits in session storage meanwhile.
 */
export async function buyNow(
  { productId, size, color, quantity, product }: CartSelection,
  navigate: (to: string) => unknown,
): Promise<void> {
  // Only BUY NOW needs it: kept out of the product page's first load.
  const { buildCheckoutSummary, saveCheckoutSummary } = await import('./checkout-handoff');
  saveCheckoutSummary(
    buildCheckoutSummary(
      [
        {
          id: productId,
          name: product.name,
          sku: product.sku,
          quantity,
          price: product.price,
          mrp: product.mrp,
          size,
          color,
          image: product.image,
        },
      ],
      true,
    ),
  );
  const signedIn = (await loadSession()).getSnapshot().status === 'signedIn';
  await navigate(signedIn ? '/place-order' : loginHref('/place-order'));
}
