// The product CSV calls under /api/v1/admin (docs/admin.md#csv-import-and-export). The import's body is the file
// itself (Content-Type: text/csv), read by the parser the admin scope registers for that type (src/admin.ts).
import {
  PRODUCT_CSV_MAX_BYTES,
  adminCsvImportQuerySchema,
  adminCsvImportRejectedSchema,
  adminCsvImportReportSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../lib/db.ts';
import { changeAudited } from '../../plugins/admin.ts';
import type { AdminCsvService } from './admin-csv.ts';
import { CSV_IMPORT_MESSAGES } from './admin-csv-import.ts';

export interface AdminCsvRoutesOptions {
  db: Db;
  csv: AdminCsvService;
}

export const adminCsvRoutes: FastifyPluginAsyncZod<AdminCsvRoutesOptions> = async (app, { db, csv }) => {
  app.get(
    '/products/export.csv',
    {
      config: { permission: 'products:read' },
      schema: {
        response: {
          200: {
            description:
              'Every product that is not archived, one row per variant (UTF-8 with a byte order mark)',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (_req, reply) => {
      const file = await csv.exportCsv();
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.fileName()}"`)
          .header('cache-control', 'no-store')
          // The schema documents the body as text; it is sent as it is generated, which Fastify streams as is.
          .send(file as unknown as string)
      );
    },
  );

  app.post(
    '/products/import',
    {
      config: { permission: 'products:write' },
      bodyLimit: PRODUCT_CSV_MAX_BYTES,
      schema: {
        consumes: ['text/csv'],
        querystring: adminCsvImportQuerySchema,
        body: z.string({ error: 'Send the file as the body, with Content-Type: text/csv' }),
        response: { 200: adminCsvImportReportSchema, 400: adminCsvImportRejectedSchema },
      },
    },
    async (req, reply) => {
      const { status, report } = await csv.importCsv(req.body, req.query.dryRun, (fn) =>
        changeAudited(db, req, 'catalogue.import', fn),
      );
      if (status === 200) return report;
      return reply.code(400).send({ success: false, message: CSV_IMPORT_MESSAGES.rejected, ...report });
    },
  );
};
