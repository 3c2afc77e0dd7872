// Parts of an order that the success page's recap and My Orders show alike: a line pictured in the colour bought,
// and the delivery address.
import { colourByCode } from '@rangrez/contract/rules/colours';
import { formatINR } from '@rangrez/contract/rules/money';
import type { Order, OrderItem } from '@rangrez/contract/schemas';

const THUMB = {
  large: { px: 64, className: 'h-16 w-16' },
  small: { px: 56, className: 'h-14 w-14' },
} as const;

export function OrderItemRow({ item, thumb }: { item: OrderItem; thumb: keyof typeof THUMB }) {
  const colour = colourByCode(item.color).name;
  const size = THUMB[thumb];
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      {item.image ? (
        <img
          src={item.image}
          alt={`${item.productName}, ${colour}`}
          width={size.px}
          height={size.px}
          // My Orders lists many orders; the success page's few lines are in view at once.
          loading={thumb === 'small' ? 'lazy' : undefined}
          className={`${size.className} shrink-0 rounded-md bg-neutral-100 object-cover`}
        />
      ) : null}
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{item.productName}</span>
        <span className="block text-neutral-600">{`Size ${item.size} · ${colour} · Qty ${item.quantity}`}</span>
      </span>
      <span className="font-semibold">{formatINR(item.price * item.quantity)}</span>
    </li>
  );
}

export function OrderAddress({
  address: a,
  withEmail,
}: {
  address: Order['deliveryAddress'];
  withEmail: boolean;
}) {
  return (
    <address className="mt-2 text-sm not-italic leading-6">
      <span className="block font-semibold">{a.fullName}</span>
      <span className="block">{`${a.doorNo}, ${a.street}`}</span>
      <span className="block">{`${a.city}, ${a.state} ${a.pincode}`}</span>
      <span className="block">{a.phone}</span>
      {withEmail ? <span className="block">{a.email}</span> : null}
    </address>
  );
}
