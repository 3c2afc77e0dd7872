// The tab's wishlist store: loaded once a signed-in shopper's page shows a heart, or with /wishlist.
import { notify } from '../../components/toast-store';
import { tabSession } from '../account';
import { wishlistApi } from './api';
import { WishlistStore } from './wishlist-store';

export const wishlistStore = new WishlistStore({
  api: wishlistApi,
  session: tabSession,
  notify,
  enabled: typeof window !== 'undefined',
});
