// The checkout form's model (docs/product/rules.md#checkout-fields, the order body): prefill from the profile, input
// stripping, validation, the order body and the totals shown. Every rule and message comes from the contract,
// which the API's order schema uses too, so browser and server refuse exactly the same input.
import type { AddressParts } from '@rangrez/contract/rules/address-line';
import { cartTotals } from '@rangrez/contract/rules/cart-totals';
import { CHECKOUT_MESSAGES, type CheckoutField } from '@rangrez/contract/rules/checkout-messages';
import {
  type CheckoutErrors,
  stripCityInput,
  stripCountryInput,
  stripStateInput,
  validateCheckoutForm,
} from '@rangrez/contract/rules/checkout-validators';
import { stripPhoneInput, stripPincodeInput } from '@rangrez/contract/rules/phone';
import { type OrderType } from '@rangrez/contract/rules/order-status';
import { type Gateway, shippingFee } from '@rangrez/contract/rules/shipping';
import { normaliseStateName } from '@rangrez/contract/rules/states';
import type { OrderBodyInput, SavedAddress, User } from '@rangrez/contract/schemas';
import type { CheckoutItem } from '../cart';

/** Form order: focus goes to the first invalid field in this order. */
export const CHECKOUT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'doorNo',
  'address',
  'city',
  'state',
  'pincode',
  'country',
] as const satisfies readonly CheckoutField[];

export type CheckoutForm = Record<CheckoutField, string>;

const DEFAULT_COUNTRY = 'India';

/** A person and a place, as the profile and the address book each hold them. */
type PersonAndPlace = AddressParts & { email: string; phone: string };

/**
 * Form values through the same strippers as typing, so a phone saved as '+91 98765 43210' arrives as
 * '9876543210', and an old state spelling ('Orissa') selects its current name.
 */
function formFromParts(parts: PersonAndPlace): Omit<CheckoutForm, 'country'> {
  return {
    firstName: parts.firstName,
    lastName: parts.lastName,
    email: parts.email,
    phone: stripPhoneInput(parts.phone),
    doorNo: parts.doorNo,
    address: parts.address,
    city: stripCityInput(parts.city),
    state: parts.state ? (normaliseStateName(parts.state) ?? '') : '',
    pincode: stripPincodeInput(parts.pincode),
  };
}

/** The form prefilled from the profile. */
export function formFromUser(user: User): CheckoutForm {
  const { street, country, ...place } = user.address;
  return {
    ...formFromParts({
      ...place,
      address: street,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
    }),
    country: stripCountryInput(country) || DEFAULT_COUNTRY,
  };
}

/** A saved address as form values. */
export const formFromSavedAddress = (saved: SavedAddress) => formFromParts(saved);

/**
 * How the address book fills the form: 'prefill' when the page opens, leaving alone what the shopper has already
 * typed; 'chosen' when the shopper picks an address, which replaces the fields and clears their errors.
 */
export type BookFill = 'prefill' | 'chosen';

/** What 'A new address' empties: the place, not the person. */
export const NEW_ADDRESS_FIELDS = ['doorNo', 'address', 'city', 'state', 'pincode'] as const;

const STRIPPERS: Partial<Record<CheckoutField, (raw: string) => string>> = {
  phone: stripPhoneInput,
  pincode: stripPincodeInput,
  city: stripCityInput,
  state: stripStateInput,
  country: stripCountryInput,
};

/** What an input keeps of a keystroke or paste (phone digits max 10, PIN digits max 6, letters for places). */
export function stripInput(field: CheckoutField, raw: string): string {
  const strip = STRIPPERS[field];
  return strip ? strip(raw) : raw;
}

export function validateForm(form: CheckoutForm): CheckoutErrors {
  return validateCheckoutForm(form);
}

export function firstInvalidField(errors: CheckoutErrors): CheckoutField | undefined {
  return CHECKOUT_FIELDS.find((field) => errors[field]);
}

/** Why Place Order cannot start, in the documented words; null when it may. */
export function submitBlocker(input: {
  signedIn: boolean;
  itemCount: number;
  errors: CheckoutErrors;
}): string | null {
  if (!input.signedIn) return CHECKOUT_MESSAGES.loginRequired;
  if (input.itemCount === 0) return CHECKOUT_MESSAGES.cartEmpty;
  if (firstInvalidField(input.errors)) return CHECKOUT_MESSAGES.formHasErrors;
  return null;
}

/** What the promotions take off, as the server's preview answered (rupees). */
export interface CheckoutSavings {
  promotionDiscount: number;
  shippingDiscount: number;
}

/**
 * The order summary shown beside the form: the contract's one totals rule, with the gateway's shipping fee (the
 * cash on delivery fee the owner set), less what the promotions take off the items and the shipping.
 */
export function checkoutTotals(
  items: readonly Pick<CheckoutItem, 'price' | 'mrp' | 'quantity'>[],
  gateway: Gateway,
  codFee: number,
  savings: CheckoutSavings = { promotionDiscount: 0, shippingDiscount: 0 },
) {
  const totals = cartTotals({
    lines: items.map((item) => ({ price: item.price, mrp: item.mrp, quantity: item.quantity })),
    shipping: shippingFee(gateway, codFee),
  });
  return { ...totals, total: totals.total - savings.promotionDiscount - savings.shippingDiscount };
}

/**
 * The order body as this page sends it: the contract's input type, with sizes as the hand-off carries them (plain
 * text; the server checks them against the product).
 */
export type CheckoutOrderBody = Omit<OrderBodyInput, 'orderItems' | 'customerId' | 'totalAmount'> & {
  orderItems: { productId: string; size: string; quantity: string; color: string }[];
  customerId: string;
  totalAmount: number;
};

/** The body of POST /qikink/order and, with the provider's ids added, POST /razorpay/process-order (docs/api.md). */
export function buildOrderBody(input: {
  form: CheckoutForm;
  items: readonly CheckoutItem[];
  user: Pick<User, '_id' | 'firstName' | 'lastName'>;
  gateway: Gateway;
  /** The cash on delivery fee in force (rupees), as the summary showed it. */
  codFee: number;
  isBuyNow: boolean;
  /** The code applied, and what the promotions take off (the preview's figures). */
  couponCode?: string | null;
  savings?: CheckoutSavings;
  /** A business buyer's GSTIN for the invoice; the server checks it (docs/gst.md#business-buyers). */
  gstin?: string;
  /** 'Save this address': the server keeps it in the address book (docs/accounts.md#address-book). */
  saveAddress?: boolean;
}): CheckoutOrderBody {
  const { form, items, user, gateway, couponCode } = input;
  const gstin = input.gstin?.replace(/\s+/g, '').toUpperCase() ?? '';
  const orderType: OrderType = input.isBuyNow ? 'BUY_NOW' : 'CART_CHECKOUT';
  return {
    orderItems: items.map((item) => ({
      productId: item.id,
      size: item.size,
      // The first client sent the quantity as text; we do the same.
      quantity: String(item.quantity),
      color: item.color,
    })),
    deliveryAddress: {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      // Shoppers type e-mail addresses in any case; the order keeps it lower-cased.
      email: form.email.trim().toLowerCase(),
      phone: form.phone.replace(/\s+/g, ''),
      doorNo: form.doorNo.trim(),
      address: form.address.trim(),
      city: form.city.trim(),
      state: form.state,
      pincode: form.pincode.trim(),
    },
    customerId: user._id,
    customerName: `${user.firstName} ${user.lastName}`.trim(),
    // The final total plus shipping; the server recomputes it and refuses a mismatch.
    totalAmount: checkoutTotals(items, gateway, input.codFee, input.savings).total,
    gateway,
    gift_wrap: 0,
    rush_order: 0,
    orderType,
    ...(couponCode ? { couponCode } : {}),
    ...(gstin ? { gstin } : {}),
    ...(input.saveAddress ? { saveAddress: true } : {}),
  };
}

/**
 * One Idempotency-Key per checkout attempt: the same key while the order body is unchanged (a double click, a
 * retry after a lost answer, paying again after closing the pop-up), a new one as soon as anything in it changes.
 */
export class AttemptKeys {
  private body: string | null = null;
  private key = '';

  constructor(private readonly newKey: () => string = randomKey) {}

  keyFor(body: unknown): string {
    const json = JSON.stringify(body);
    if (json !== this.body) {
      this.body = json;
      this.key = this.newKey();
    }
    return this.key;
  }
}

/** crypto.randomUUID exists only in secure contexts; a store opened over plain http on a LAN address is not one. */
export function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
