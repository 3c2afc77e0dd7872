// GET /api/v1/admin/books/summary and /admin/books/{file} (docs/api.md#books): the owner's exports for a month or a
// range of India dates. Read-only, so nothing here is audited; `books:read` is the owner's alone.
import {
  booksFileParamsSchema,
  booksPeriodQuerySchema,
  booksSummaryResponseSchema,
} from '@rangrez/contract/schemas';
import { errorResponseSchema } from '@rangrez/contract/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BooksFileBody, BooksService } from './service.ts';

function sendFile(reply: FastifyReply, file: BooksFileBody) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

export const booksAdminRoutes: FastifyPluginAsyncZod<{ books: BooksService }> = async (app, { books }) => {
  app.get(
    '/books/summary',
    {
      config: { permission: 'books:read' },
      schema: {
        querystring: booksPeriodQuerySchema,
        response: { 200: booksSummaryResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => books.summary(req.query),
  );
  app.get(
    '/books/:file',
    {
      config: { permission: 'books:read' },
      schema: {
        params: booksFileParamsSchema,
        querystring: booksPeriodQuerySchema,
        response: {
          200: {
            description: 'The file, named after the period',
            content: {
              'text/csv': { schema: z.string() },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string() },
            },
          },
          400: errorResponseSchema,
        },
      },
    },
    async (req, reply) => sendFile(reply, await books.file(req.params.file, req.query)),
  );
};
