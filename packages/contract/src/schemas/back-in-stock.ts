// 'Notify me' for what is out of stock (docs/decisions/039-newly-added-and-back-in-stock.md): a shopper leaves an
// e-mail for a product, or one colour and size of it, and hears once when it can be bought again; the back office
// sees how many wait for what.

import { z } from 'zod';
import { BACK_IN_STOCK_MESSAGES } from '../rules/back-in-stock-messages.ts';
import { EMAIL_PATTERN } from '../rules/patterns.ts';
import { isoDateTimeSchema } from './basics.ts';

const optionText = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(20, `${name} must be at most 20 characters`)
    .optional();

/** POST /products/{id}/notify: the whole product, or a size and a colour of it. */
export const backInStockBodySchema = z
  .object({
    email: z
      .string({ error: BACK_IN_STOCK_MESSAGES.emailRequired })
      .trim()
      .min(1, BACK_IN_STOCK_MESSAGES.emailRequired)
      .max(254, BACK_IN_STOCK_MESSAGES.emailInvalid)
      .regex(EMAIL_PATTERN, BACK_IN_STOCK_MESSAGES.emailInvalid)
      .transform((email) => email.toLowerCase()),
    size: optionText('size'),
    color: optionText('color'),
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
