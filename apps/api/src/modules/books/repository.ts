// The tax documents of a period (docs/gst.md#exports): read from `tax_documents` alone, never from the orders, so
// an export shows each document exactly as it was issued.
import { taxDocuments } from '@rangrez/db/schema';
import type { TaxDocument } from '@rangrez/contract/rules';
import { type AnyColumn, asc, between, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../lib/db.ts';

/** A document as the exports read it: a credit note carries what it needs of its invoice. */
export interface PeriodDocument {
  kind: 'invoice' | 'credit_note';
  document: TaxDocument;
  buyerGstin: string | null;
  /** The invoice's own total (itself for an invoice): it decides between the B2CL and B2CS tables. */
  invoiceAmountPaise: number;
}

const invoices = alias(taxDocuments, 'invoice');

/** Invoices and credit notes whose India date is within `from`..`to`, by date, kind and number. */
export async function documentsBetween(db: Executor, from: string, to: string): Promise<PeriodDocument[]> {
  return db
    .select({
      kind: taxDocuments.kind,
      document: taxDocuments.document,
      buyerGstin: taxDocuments.buyerGstin,
      invoiceAmountPaise: sql<number>`coalesce(${invoices.amountPaise}, ${taxDocuments.amountPaise})`,
    })
    .from(taxDocuments)
    .leftJoin(invoices, eq(invoices.id, taxDocuments.invoiceId))
    .where(between(taxDocuments.documentDate, from, to))
    .orderBy(asc(taxDocuments.documentDate), sql`${taxDocuments.kind} desc`, asc(taxDocuments.number));
}

/** A sum of paise over many rows: bigint in PostgreSQL, a safe integer here (below 2^53 paise). */
const sumOf = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Count and sums of each kind of document in the period, in paise. */
export async function totalsBetween(db: Executor, from: string, to: string) {
  return db
    .select({
      kind: taxDocuments.kind,
      count: sql<number>`count(*)::int`,
      taxablePaise: sumOf(taxDocuments.taxablePaise),
      cgstPaise: sumOf(taxDocuments.cgstPaise),
      sgstPaise: sumOf(taxDocuments.sgstPaise),
      igstPaise: sumOf(taxDocuments.igstPaise),
      amountPaise: sumOf(taxDocuments.amountPaise),
    })
    .from(taxDocuments)
    .where(between(taxDocuments.documentDate, from, to))
    .groupBy(taxDocuments.kind);
}
