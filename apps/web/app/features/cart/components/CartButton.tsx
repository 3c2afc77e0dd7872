// Stub until the cart issue: the header's cart icon with its item count (always 0 for now) and no drawer.
import { Link } from 'react-router';
import { BagIcon } from '../../../components/icons';

export function CartButton() {
  const count: number = 0;
  return (
    <Link
      to="/cart"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      className="relative flex h-10 w-10 items-center justify-center rounded-full hover:bg-black/5"
    >
      <BagIcon className="h-6 w-6" />
      <span
        aria-hidden="true"
        className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent px-1 text-[10px] font-bold leading-none text-white"
      >
        {count}
      </span>
    </Link>
  );
}
