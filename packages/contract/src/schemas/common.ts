// Building blocks shared by the endpoint schemas. Request schemas strip unknown fields (zod's default
// object mode) and give every failure a message that names the field: the API answers 400 with the first
// message verbatim. Response schemas contain no transforms, because the server serialises responses by
// encoding through them. The generic blocks (text, ids, dates, query numbers) are in basics.ts and re-exported
// here; this module adds the shop's own vocabulary (sizes, gateways, order statuses, quantities).

import { z } from 'zod';
import { requiredText } from './basics.ts';
import { quantityFromText } from '../rules/cart-quantity.ts';
import { MAX_LINE_QUANTITY } from '../rules/constants.ts';
import { ORDER_STATUSES } from '../rules/order-status.ts';
import { GATEWAYS } from '../rules/shipping.ts';
import { SIZES } from '../rules/size-chart.ts';
import { CART_QUANTITY_MESSAGES } from '../rules/validation-messages.ts';

export * from './basics.ts';

export const gatewaySchema = z.enum(GATEWAYS, { error: 'gateway must be COD or Prepaid' });
export const sizeSchema = z.enum(SIZES, { error: `size must be one of ${SIZES.join(', ')}` });
export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** A colour code in a request (unknown codes are the server's business: the product decides). */
export const colourCodeInputSchema = requiredText('color', 20);

/**
 * A quantity in a request: number or numeric string ("2"), answered as a number (docs/api.md#numbers-and-money).
 * Whole, 1 to MAX_LINE_QUANTITY; anything else (negative, "2.5", "abc") fails with a message naming quantity.
 */
export const quantityInputSchema = z
  .union([z.number(), z.string()], { error: CART_QUANTITY_MESSAGES.quantityInvalid })
  .transform((value, ctx) => {
    const quantity = quantityFromText(value);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
      ctx.addIssue({ code: 'custom', message: CART_QUANTITY_MESSAGES.quantityInvalid });
      return z.NEVER;
    }
    return quantity;
  });
