// Tax invoices and credit notes (docs/gst.md): issued as orders move (the hook the orders module calls under the
// order's lock), credited after refunds (a job, so a return's pieces are known), rendered to PDF by a job after
// issue and stored under DATA_DIR/invoices; a download renders on demand when the job has not run yet.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import type { StoreSettingsValues } from '@rangrez/contract/schemas';
import { QUEUES } from '../../jobs/queues.ts';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Executor, Tx } from '../../lib/db.ts';
import { type InvoicingHook, issuesInvoice, voidsCashOnDelivery } from '../orders/index.ts';
import { codMomentOf, type IssueDeps, issueCreditNoteInTx, issueInvoiceInTx } from './issue.ts';
import { renderTaxDocumentPdf } from './pdf.ts';
import {
  creditNotesOfOrder,
  findTaxDocument,
  invoiceOfOrder,
  lockOrderRow,
  setPdfKey,
  type TaxDocumentRow,
} from './repository.ts';

export interface InvoicesOptions {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  settings: (executor: Executor) => Promise<StoreSettingsValues>;
  /** Where the PDFs are kept: DATA_DIR/invoices. */
  dir: string;
  log?: Pick<FastifyBaseLogger, 'error'> | undefined;
}

/** A document's file name: its number with '/' as '-' ('RZ/25-26/000123' -> 'RZ-25-26-000123.pdf'). */
export const pdfFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

/** The stored file's key, under the invoices folder: by financial year, then the file name. */
const pdfKeyOf = (row: TaxDocumentRow) => `${row.fyStartYear}/${pdfFileName(row.number)}`;

function issueDeps(options: InvoicesOptions): IssueDeps {
  return {
    settings: options.settings,
    queueRender: (tx, documentId) =>
      options.jobs.send(QUEUES.invoiceRender, { documentId }, { executor: tx, singletonKey: documentId }),
  };
}

/** The orders module's hook: the invoice at its moment; cash on delivery given up after it, a credit note. */
function invoicingHook(options: InvoicesOptions): InvoicingHook {
  const deps = issueDeps(options);
  return async (tx, order, before, after, now) => {
    if (voidsCashOnDelivery(before, after)) {
      await options.jobs.send(QUEUES.creditNote, { orderId: order.id }, { executor: tx });
    }
    // Settings are read only when the move could be an invoice's moment at all.
    if (!issuesInvoice(before, after, 'handover') && !issuesInvoice(before, after, 'delivery')) return;
    const settings = await options.settings(tx);
    if (!issuesInvoice(before, after, codMomentOf(settings))) return;
    // In a savepoint: an invoice that cannot be issued must never undo the payment or the hand-over it comes
    // with. Its number is taken inside, so a failure leaves no gap; the job tries again.
    try {
      await tx.transaction((savepoint) => issueInvoiceInTx(deps, savepoint, order, now, settings));
    } catch (error) {
      options.log?.error({ err: error, orderId: order.id }, 'invoice not issued; retried by a job');
      await options.jobs.send(
        QUEUES.invoiceIssue,
        { orderId: order.id },
        { executor: tx, singletonKey: order.id },
      );
    }
  };
}

/** Writes the PDF next to a temporary name first, so a reader never sees half a file. */
async function storePdf(options: InvoicesOptions, row: TaxDocumentRow, pdf: Buffer): Promise<void> {
  const key = pdfKeyOf(row);
  const target = path.join(options.dir, key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Its own temporary file: the issuing job and a download can draw the same PDF at once in one process, and with
  // a shared name the second rename found the file already moved.
  const temporary = `${target}.${process.pid}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, pdf);
  await fs.rename(temporary, target);
  await setPdfKey(options.db, row.id, key, options.clock.now());
}

/** The PDF of a document: the stored file, or drawn now (and stored) when the job has not run yet. */
async function pdfOf(options: InvoicesOptions, row: TaxDocumentRow): Promise<Buffer> {
  if (row.pdfKey) {
    try {
      return await fs.readFile(path.join(options.dir, row.pdfKey));
    } catch {
      // Lost (a restored database without its files): drawn again from the stored document, which never changes.
    }
  }
  const pdf = await renderTaxDocumentPdf(row.document);
  await storePdf(options, row, pdf);
  return pdf;
}

async function render(options: InvoicesOptions, documentId: string): Promise<void> {
  const row = await findTaxDocument(options.db, documentId);
  if (!row || row.pdfKey) return;
  await storePdf(options, row, await renderTaxDocumentPdf(row.document));
}

async function creditNote(options: InvoicesOptions, orderId: string, refundId: string | null) {
  await options.db.transaction(async (tx: Tx) => {
    const order = await lockOrderRow(tx, orderId);
    if (order) await issueCreditNoteInTx(issueDeps(options), tx, order, refundId, options.clock.now());
  });
}

export function createInvoicesService(options: InvoicesOptions) {
  return {
    hook: invoicingHook(options),
    render: (documentId: string) => render(options, documentId),
    creditNote: (orderId: string, refundId: string | null) => creditNote(options, orderId, refundId),
    invoiceOf: (orderId: string) => invoiceOfOrder(options.db, orderId),
    creditNotesOf: (orderId: string) => creditNotesOfOrder(options.db, orderId),
    pdfOf: (row: TaxDocumentRow) => pdfOf(options, row),
    /** Issues the invoice of an order now, if it is due one and has none (the operator's repair). */
    issueNow: (orderId: string) =>
      options.db.transaction(async (tx) => {
        const order = await lockOrderRow(tx, orderId);
        return order ? issueInvoiceInTx(issueDeps(options), tx, order, options.clock.now()) : undefined;
      }),
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
