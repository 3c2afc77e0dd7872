// The heart on product cards and product pages (docs/product/rules.md#wishlist): toggles at once; guests must log in.
import { WISHLIST_MESSAGES } from '@rangrez/contract/rules/wishlist-messages';
import { useEffect } from 'react';
import { notify } from '../../../components/toast-store';
import { HeartIcon } from '../../../components/icons';
import { useSession } from '../../account';
import { loadWishlist, useWishlist } from '../use-wishlist';
import { isLiked } from '../wishlist-state';

export function WishlistButton({
  productId,
  productName,
  className = '',
}: {
  productId: string;
  productName: string;
  className?: string;
}) {
  const { status, user } = useSession();
  const state = useWishlist();
  const userId = status === 'signedIn' ? (user?._id ?? null) : null;
  // Until the store has caught up with the session (a sign-out, say), the hearts show nothing liked.
  const current = state && state.userId === userId ? state : null;
  const liked = isLiked(current, productId);

  // Hearts need the list to show which products are liked; the store loads it once for all of them.
  useEffect(() => {
    if (!userId) return;
    loadWishlist().then(
      (store) => store.ensureLoaded(),
      () => undefined,
    );
  }, [userId]);

  function toggle() {
    if (!userId) {
      notify(WISHLIST_MESSAGES.loginToAddItems);
      return;
    }
    loadWishlist().then(
      (store) => store.toggle(productId),
      () => notify(WISHLIST_MESSAGES.notAvailable, 'error'),
    );
  }

  return (
    <button
      type="button"
      aria-label={liked ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
      aria-pressed={liked}
      aria-busy={current?.pending.has(productId) || undefined}
      onClick={(event) => {
        // Cards put the heart over a link to the product.
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }}
      className={`flex h-9 w-9 items-center justify-center rounded-full bg-white/90 shadow-sm ring-1 ring-black/5 hover:text-accent ${liked ? 'text-accent' : 'text-ink'} ${className}`}
    >
      <HeartIcon filled={liked} className="h-5 w-5" />
    </button>
  );
}
