// The tab's wishlist store: loaded once a signed-in shopper's page shows a heart, or with /wishlist.
import { notify } from '../../components/toast-store';
import { sessionStore } from '../account/session-instance';
import { wishlistApi } from './api';
import { WishlistStore } from './wishlist-store';

export const wishlistStore = new WishlistStore({
  api: wishlistApi,
  session: {
    subscribe: sessionStore.subscribe,
    getSnapshot: sessionStore.getSnapshot,
    signOut: () => sessionStore.signOut(),
  },
  notify,
  enabled: typeof window !== 'undefined',
});
