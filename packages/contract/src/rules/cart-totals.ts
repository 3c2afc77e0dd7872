// One order summary for the cart drawer, the cart page, checkout, order display and the server
// (docs/product/rules.md#order-summary-totals):
//   Discount = Σ (unit MRP - unit price) x quantity, 300 x items under the default MRP rule; Original Price =
//   subtotal + discount (percent = round(discount / original * 100));
//   Tax = (subtotal - promotion discount) x taxRate %; Total = subtotal - promotion discount + shipping + tax.
// The promotion discount comes from rules/promotions.ts (decision 029); shipping is what is charged after any
// free-shipping promotion.
// Computed in integer paise; cartTotals() is the rupee wrapper for the API and the UI.

import { paiseToRupees, rupeesToPaise } from './money.ts';
import { lineDiscountPaise } from './pricing.ts';

export interface CartLinePaise {
  /** Unit price in integer paise. */
  pricePaise: number;
  /** Unit MRP in integer paise (rules/pricing.ts: the product's rule, or the order line's snapshot). */
  mrpPaise: number;
  quantity: number;
}

export interface CartTotalsPaiseInput {
  lines: readonly CartLinePaise[];
  /** Shipping in paise (see shippingFeePaise); default 0. */
  shippingPaise?: number;
  /** Tax rate in percent of the subtotal; default 0. */
  taxRate?: number;
  /** The promotions' item discount (evaluatePromotions), at most the subtotal; default 0. */
  promotionDiscountPaise?: number;
}

export interface CartTotalsPaise {
  /** Sum of quantities. */
  itemCount: number;
  originalPricePaise: number;
  discountPaise: number;
  /** Whole percent of the original price. */
  discountPercent: number;
  subtotalPaise: number;
  /** Taken off the subtotal by promotions; the MRP saving is discountPaise. */
  promotionDiscountPaise: number;
  shippingPaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface CartLine {
  /** Unit price in whole rupees. */
  price: number;
  /** Unit MRP in whole rupees, as the API sends it beside the price. */
  mrp: number;
  quantity: number;
}

export interface CartTotalsInput {
  lines: readonly CartLine[];
  /** Shipping in whole rupees (see shippingFee); default 0. */
  shipping?: number;
  /** Tax rate in percent of the subtotal; default 0. */
  taxRate?: number;
}

export interface CartTotals {
  itemCount: number;
  originalPrice: number;
  discount: number;
  discountPercent: number;
  subtotal: number;
  shipping: number;
  /** May carry paise (two decimals) when taxRate is not 0. */
  tax: number;
  total: number;
}

function assertNonNegativeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative safe integer, got ${value}`);
  }
}

/** Order summary in paise. Throws a RangeError for negative or fractional prices, MRPs, quantities or shipping. */
export function cartTotalsPaise({
  lines,
  shippingPaise = 0,
  taxRate = 0,
  promotionDiscountPaise = 0,
}: CartTotalsPaiseInput): CartTotalsPaise {
  assertNonNegativeInteger(shippingPaise, 'shippingPaise');
  assertNonNegativeInteger(promotionDiscountPaise, 'promotionDiscountPaise');
  if (!Number.isFinite(taxRate) || taxRate < 0) throw new RangeError(`taxRate must be >= 0, got ${taxRate}`);
  let itemCount = 0;
  let subtotalPaise = 0;
  let discountPaise = 0;
  for (const line of lines) {
    assertNonNegativeInteger(line.pricePaise, 'pricePaise');
    assertNonNegativeInteger(line.mrpPaise, 'mrpPaise');
    assertNonNegativeInteger(line.quantity, 'quantity');
    itemCount += line.quantity;
    subtotalPaise += line.pricePaise * line.quantity;
    discountPaise += lineDiscountPaise(line);
  }
  const originalPricePaise = subtotalPaise + discountPaise;
  const discountPercent =
    originalPricePaise === 0 ? 0 : Math.round((discountPaise / originalPricePaise) * 100);
  if (promotionDiscountPaise > subtotalPaise) {
    throw new RangeError(
      `promotionDiscountPaise ${promotionDiscountPaise} exceeds the subtotal ${subtotalPaise}`,
    );
  }
  const netPaise = subtotalPaise - promotionDiscountPaise;
  // Tax is rounded to whole paise once, here, so every screen shows the same figure.
  const taxPaise = Math.round((netPaise * taxRate) / 100);
  const totalPaise = netPaise + shippingPaise + taxPaise;
  return {
    itemCount,
    originalPricePaise,
    discountPaise,
    discountPercent,
    subtotalPaise,
    promotionDiscountPaise,
    shippingPaise,
    taxPaise,
    totalPaise,
  };
}

/** Order summary in rupees (prices, MRPs and shipping in whole rupees). */
export function cartTotals({ lines, shipping = 0, taxRate = 0 }: CartTotalsInput): CartTotals {
  const totals = cartTotalsPaise({
    lines: lines.map((line) => ({
      pricePaise: rupeesToPaise(line.price),
      mrpPaise: rupeesToPaise(line.mrp),
      quantity: line.quantity,
    })),
    shippingPaise: rupeesToPaise(shipping),
    taxRate,
  });
  return {
    itemCount: totals.itemCount,
    originalPrice: paiseToRupees(totals.originalPricePaise),
    discount: paiseToRupees(totals.discountPaise),
    discountPercent: totals.discountPercent,
    subtotal: paiseToRupees(totals.subtotalPaise),
    shipping: paiseToRupees(totals.shippingPaise),
    tax: paiseToRupees(totals.taxPaise),
    total: paiseToRupees(totals.totalPaise),
  };
}
