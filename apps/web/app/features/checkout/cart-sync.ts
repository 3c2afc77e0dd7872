// After a cart checkout the server has already emptied the shopper's cart (decision 007); the cart UI of this tab
// (header count, drawer) reloads it through the cart feature's public store. The store's code is loaded lazily by
// the cart feature itself, so this adds nothing to the checkout's first load.
import { loadCart } from '../cart';

export function refreshCartAfterCheckout(): void {
  loadCart()
    .then((store) => store.refresh())
    .catch(() => {
      // The count catches up on the next page that opens the cart.
    });
}
