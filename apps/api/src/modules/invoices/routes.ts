// The PDFs of tax invoices and credit notes (docs/api.md#invoices): the shopper's own under /orders, staff's under
// /admin/orders with orders:read. 404 until the document exists; a shopper asking for someone else's order is 403.
import { GST_MESSAGES } from '@rangrez/contract/rules';
import { orderReferenceParamsSchema } from '@rangrez/contract/schemas';
import { errorResponseSchema } from '@rangrez/contract/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../lib/db.ts';
import { forbidden, gone, notFound } from '../../lib/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { InvoiceLinks } from './links.ts';
import { findTaxDocument, orderOfReference, type TaxDocumentRow } from './repository.ts';
import { pdfFileName, type InvoicesService } from './service.ts';

export interface InvoiceRoutesOptions {
  db: Db;
  invoices: InvoicesService;
  links: InvoiceLinks;
}

const pdfResponse = {
  200: {
    description: 'The document as a PDF (A4), named after its number',
    content: { 'application/pdf': { schema: z.string() } },
  },
  403: errorResponseSchema,
  404: errorResponseSchema,
};

const creditNoteParamsSchema = orderReferenceParamsSchema.extend({
  number: z.string().trim().min(1, GST_MESSAGES.creditNoteNotFound).max(32, GST_MESSAGES.creditNoteNotFound),
});

const adminParamsSchema = z.object({ id: z.uuid(GST_MESSAGES.invoiceNotIssued) });
const adminCreditNoteParamsSchema = adminParamsSchema.extend({ number: creditNoteParamsSchema.shape.number });

async function sendPdf(reply: FastifyReply, invoices: InvoicesService, row: TaxDocumentRow) {
  const pdf = await invoices.pdfOf(row);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdfFileName(row.number)}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** A credit note by its number as printed or as in its file name ('/' written as '-'). */
async function creditNoteOf(invoices: InvoicesService, orderId: string, number: string) {
  const wanted = number.replaceAll('/', '-').toUpperCase();
  const notes = await invoices.creditNotesOf(orderId);
  const note = notes.find((n) => n.number.replaceAll('/', '-').toUpperCase() === wanted);
  if (!note) throw notFound(GST_MESSAGES.creditNoteNotFound);
  return note;
}

async function invoiceOf(invoices: InvoicesService, orderId: string) {
  const invoice = await invoices.invoiceOf(orderId);
  if (!invoice) throw notFound(GST_MESSAGES.invoiceNotIssued);
  return invoice;
}

const linkParamsSchema = z.object({
  token: z.string().min(1, GST_MESSAGES.invoiceLinkInvalid).max(200, GST_MESSAGES.invoiceLinkInvalid),
});

export const invoiceRoutes: FastifyPluginAsyncZod<InvoiceRoutesOptions> = async (
  app,
  { db, invoices, links },
) => {
  // The e-mailed link (links.ts): no session, the signed token is the permission.
  app.get(
    '/invoices/:token',
    { schema: { params: linkParamsSchema, response: { ...pdfResponse, 410: errorResponseSchema } } },
    async (req, reply) => {
      const checked = await links.check(req.params.token);
      if ('problem' in checked) {
        if (checked.problem === 'expired') throw gone(GST_MESSAGES.invoiceLinkExpired);
        throw notFound(GST_MESSAGES.invoiceLinkInvalid);
      }
      const row = await findTaxDocument(db, checked.documentId);
      if (!row || row.kind !== 'invoice') throw notFound(GST_MESSAGES.invoiceLinkInvalid);
      return sendPdf(reply, invoices, row);
    },
  );
  /** The caller's order by reference: 404 when there is none, 403 when it is someone else's. */
  const ownOrder = async (userId: string, reference: string) => {
    const order = await orderOfReference(db, reference);
    if (!order) throw notFound(GST_MESSAGES.invoiceNotIssued);
    if (order.userId !== userId) throw forbidden(GST_MESSAGES.notYourOrder);
    return order.id;
  };
  app.get(
    '/orders/:orderId/invoice',
    {
      onRequest: app.authenticate,
      schema: { params: orderReferenceParamsSchema, response: pdfResponse },
    },
    async (req, reply) => {
      const orderId = await ownOrder(currentUser(req).id, req.params.orderId);
      return sendPdf(reply, invoices, await invoiceOf(invoices, orderId));
    },
  );
  app.get(
    '/orders/:orderId/credit-notes/:number',
    {
      onRequest: app.authenticate,
      schema: { params: creditNoteParamsSchema, response: pdfResponse },
    },
    async (req, reply) => {
      const orderId = await ownOrder(currentUser(req).id, req.params.orderId);
      return sendPdf(reply, invoices, await creditNoteOf(invoices, orderId, req.params.number));
    },
  );
};

export const invoiceAdminRoutes: FastifyPluginAsyncZod<{ invoices: InvoicesService }> = async (
  app,
  { invoices },
) => {
  app.get(
    '/orders/:id/invoice',
    {
      config: { permission: 'orders:read' },
      schema: { params: adminParamsSchema, response: pdfResponse },
    },
    async (req, reply) => sendPdf(reply, invoices, await invoiceOf(invoices, req.params.id)),
  );
  app.get(
    '/orders/:id/credit-notes/:number',
    {
      config: { permission: 'orders:read' },
      schema: { params: adminCreditNoteParamsSchema, response: pdfResponse },
    },
    async (req, reply) =>
      sendPdf(reply, invoices, await creditNoteOf(invoices, req.params.id, req.params.number)),
  );
};
