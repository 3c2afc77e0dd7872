// The back office's demand for what is out of stock under /api/v1/admin/back-in-stock (docs/admin.md#back-in-stock):
// read only, for anyone who reads the catalogue.
import { backInStockDemandResponseSchema } from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { backInStockDemand } from './service.ts';

export const adminBackInStockRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/back-in-stock',
    {
      config: { permission: 'products:read' },
      schema: { response: { 200: backInStockDemandResponseSchema } },
    },
    async () => ({ success: true as const, products: await backInStockDemand(db) }),
  );
};
