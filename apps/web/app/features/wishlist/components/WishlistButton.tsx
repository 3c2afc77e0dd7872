// Placeholder until the wishlist issue wires the real toggle: the heart is there, and a guest is told to log in.
import { WISHLIST_MESSAGES } from '@rangrez/contract/rules';
import { HeartIcon } from '../../../components/icons';
import { notify } from '../../../components/Toast';

export function WishlistButton({
  productName,
  className = '',
}: {
  productId: string;
  productName: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={`Add ${productName} to wishlist`}
      aria-pressed={false}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        notify(WISHLIST_MESSAGES.loginToAddItems);
      }}
      className={`flex h-9 w-9 items-center justify-center rounded-full bg-white/90 text-ink shadow-sm ring-1 ring-black/5 hover:text-accent ${className}`}
    >
      <HeartIcon className="h-5 w-5" />
    </button>
  );
}
