// The tab's cart store. Loaded right after the page (cart-count.ts) or with the drawer and the cart page, never
// with the page itself: it follows the session from then on (sign-in merges, sign-out shows the guest cart).
import { notify } from '../../components/toast-store';
import { browserStorage } from '../../lib/browser-storage';
import { tabSession } from '../account';
import { cartApi } from './api';
import { CartStore } from './cart-store';

export const cartStore = new CartStore({
  storage: browserStorage,
  api: cartApi,
  session: tabSession,
  notify,
  // Rare (once per sign-in with an anonymous cart): its code loads only then.
  onMerged: (cart) => void import('./cart-view').then((m) => m.refreshCartCheckout(cart)),
  events: typeof window === 'undefined' ? null : window,
  enabled: typeof window !== 'undefined',
});
