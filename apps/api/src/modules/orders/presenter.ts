// An order as clients see it (docs/api.md#orders): whole rupees, ISO dates, the shopper-visible status words.
import { cartTotalsPaise, paiseToRupees } from '@rangrez/contract/rules';
import type { Order } from '@rangrez/contract/schemas';
import type {
  OrderCreditNoteRow,
  OrderItemRow,
  OrderListRow,
  OrderRefundRow,
  OrderRow,
} from './repository.ts';
import { displayStatus } from './state-machine.ts';

export type OrderReferences = Omit<OrderListRow, 'order'>;

const itemJson = (i: OrderItemRow): Order['items'][number] => ({
  _id: i.id,
  productName: i.productName,
  quantity: i.quantity,
  size: i.size,
  color: i.color,
  price: paiseToRupees(i.unitPricePaise),
  mrp: paiseToRupees(i.unitMrpPaise),
});

export function toOrderJson(
  order: OrderRow,
  items: readonly OrderItemRow[],
  refs: OrderReferences,
  refunds: readonly OrderRefundRow[] = [],
  creditNotes: readonly OrderCreditNoteRow[] = [],
): Order {
  // Original price and discount percent by the one summary rule (docs/product/rules.md) over the lines' snapshot
  // MRPs; amounts themselves were fixed when the order was placed and are read from the order.
  const rule = cartTotalsPaise({
    lines: items.map((i) => ({
      pricePaise: i.unitPricePaise,
      mrpPaise: i.unitMrpPaise,
      quantity: i.quantity,
    })),
    shippingPaise: order.shippingPaise,
  });
  const json: Order = {
    _id: order.id,
    orderId: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    deliveryBy: order.deliveryBy,
    status: displayStatus(order),
    paymentMethod: order.paymentMethod,
    totalAmount: paiseToRupees(order.totalPaise),
    // Our order number is the fulfilment reference (the partner files the order under it): known at once.
    qikinkOrderId: order.orderNumber,
    items: items.map(itemJson),
    deliveryAddress: {
      fullName: `${order.firstName} ${order.lastName}`.trim(),
      doorNo: order.doorNo,
      street: order.street,
      city: order.city,
      state: order.addressState,
      pincode: order.pincode,
      phone: order.phone,
      email: order.email,
    },
    summary: {
      itemCount: order.itemCount,
      originalPrice: paiseToRupees(order.subtotalPaise + order.discountPaise),
      discount: paiseToRupees(order.discountPaise),
      discountPercent: rule.discountPercent,
      subtotal: paiseToRupees(order.subtotalPaise),
      shipping: paiseToRupees(order.shippingPaise),
      tax: paiseToRupees(order.taxPaise),
      total: paiseToRupees(order.totalPaise),
    },
  };
  if (refs.awbNo) json.awbNo = refs.awbNo;
  if (refs.trackingLink) json.trackingLink = refs.trackingLink;
  if (refs.providerOrderId) json.razorpayOrderId = refs.providerOrderId;
  if (refs.providerPaymentId) json.paymentId = refs.providerPaymentId;
  // Only when there are any: the spec's client never sees a field it does not know on an ordinary order.
  if (refunds.length > 0) {
    json.refunds = refunds.map((r) => ({
      _id: r.id,
      amount: paiseToRupees(r.amountPaise),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    }));
  }
  // Only when there are any, as refunds.
  if (order.promotions.length > 0) {
    json.promotions = order.promotions.map((p) => ({
      code: p.code,
      kind: p.kind,
      title: p.title,
      saved: paiseToRupees(p.discountPaise + p.shippingDiscountPaise),
    }));
    json.promotionDiscount = paiseToRupees(order.promotionDiscountPaise);
  }
  if (refs.invoiceNumber) json.invoiceNumber = refs.invoiceNumber;
  if (creditNotes.length > 0) {
    json.creditNotes = creditNotes.map((n) => ({ number: n.number, amount: paiseToRupees(n.amountPaise) }));
  }
  return { ...json, ...codFields(order) };
}

/** A COD order's confirmation (docs/cod-confirmation.md), and its deadline while it waits; nothing for prepaid. */
function codFields(order: OrderRow): Pick<Order, 'codConfirmation' | 'codConfirmBy'> {
  if (order.paymentMethod !== 'COD') return {};
  // An order from before confirmation existed was handed over at once: confirmed.
  const codConfirmation = order.codConfirmation ?? 'confirmed';
  return codConfirmation === 'pending' && order.codConfirmDeadline
    ? { codConfirmation, codConfirmBy: order.codConfirmDeadline.toISOString() }
    : { codConfirmation };
}

/** The lines with their pictures (URLs by line id), where known: an extra field older clients ignore. */
export function withItemImages(json: Order, images: ReadonlyMap<string, string>): Order {
  if (images.size === 0) return json;
  return {
    ...json,
    items: json.items.map((item) => {
      const image = images.get(item._id);
      return image ? { ...item, image } : item;
    }),
  };
}
