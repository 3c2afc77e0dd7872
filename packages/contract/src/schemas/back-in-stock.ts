// 'Notify me' for what is out of stock (docs/decisions/039-newly-added-and-back-in-stock.md): a shopper leaves an
// e-mail for a product, or one colour and size of it, and hears once when it can be bought again; the back office
// sees how many wait for what.

import { z } from 'zod';
import { BACK_IN_STOCK_MESSAGES } from '../rules/back-in-stock-messages.ts';
import { emailAddressSchema, isoDateTimeSchema, optionalText } from './basics.ts';

/** POST /products/{id}/notify: the whole product, or a size and a colour of it. */
export const backInStockBodySchema = z
  .object({
    email: emailAddressSchema(BACK_IN_STOCK_MESSAGES),
    size: optionalText('size', 20),
    color: optionalText('color', 20),
  })
  .refine((body) => !body.size === !body.color, { message: BACK_IN_STOCK_MESSAGES.sizeAndColour });
export type BackInStockBody = z.input<typeof backInStockBodySchema>;

/** One product's waiting requests, per variant ('' size and colour: the whole product). */
export const backInStockDemandSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string(),
  stock: z.number().int(),
  waiting: z.number().int(),
  oldest: isoDateTimeSchema,
  variants: z.array(z.object({ size: z.string(), color: z.string(), waiting: z.number().int() })),
});
export type BackInStockDemand = z.infer<typeof backInStockDemandSchema>;

/** GET /admin/back-in-stock: products with waiting requests, most wanted first. */
export const backInStockDemandResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(backInStockDemandSchema),
});
export type BackInStockDemandResponse = z.infer<typeof backInStockDemandResponseSchema>;
