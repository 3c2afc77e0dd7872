// The accountant's exports in the back office (docs/gst.md#exports, docs/api.md#books): the period a request
// names, and the period's totals.
import { z } from 'zod';
import { BOOKS_FILES, BOOKS_MESSAGES, booksPeriod } from '../rules/books.ts';

const periodPart = z.string().trim().max(20).optional();

/** `?month=2026-11` or `?from=2026-11-01&to=2026-11-15`: the period, or a 400 saying what is wrong. */
export const booksPeriodQuerySchema = z
  .object({ month: periodPart, from: periodPart, to: periodPart })
  .transform((query, ctx) => {
    const period = booksPeriod(query);
    if ('problem' in period) {
      ctx.addIssue({ code: 'custom', message: period.problem });
      return z.NEVER;
    }
    return period;
  });

export const booksFileParamsSchema = z.object({
  file: z.enum(BOOKS_FILES, { error: BOOKS_MESSAGES.unknownFile }),
});

/** Rupees with two decimals, the sum of integer paise. */
const documentTotalsSchema = z.object({
  count: z.number().int(),
  taxable: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  amount: z.number(),
});
export type BooksDocumentTotals = z.infer<typeof documentTotalsSchema>;

/** GET /admin/books/summary: the invoices and credit notes issued in the period, and what they net to. */
export const booksSummaryResponseSchema = z.object({
  success: z.literal(true),
  period: z.object({ from: z.string(), to: z.string() }),
  invoices: documentTotalsSchema,
  creditNotes: documentTotalsSchema,
  /** Invoices less credit notes (count: documents of both kinds). */
  net: documentTotalsSchema,
});
export type BooksSummary = z.infer<typeof booksSummaryResponseSchema>;
