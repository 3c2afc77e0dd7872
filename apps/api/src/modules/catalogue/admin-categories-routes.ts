// The back office's categories and size charts under /api/v1/admin (docs/admin.md#categories-size-charts-and-settings):
// anyone who reads the catalogue sees them; the catalogue role and the owner change them, audited.
import {
  adminCategoryCreateBodySchema,
  adminCategoryIdParamsSchema,
  adminCategoryListResponseSchema,
  adminCategoryOrderBodySchema,
  adminCategoryPatchBodySchema,
  adminCategoryResponseSchema,
  adminSizeChartBodySchema,
  adminSizeChartListResponseSchema,
  adminSizeChartParamsSchema,
  adminSizeChartResponseSchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { changeAudited } from '../../plugins/admin.ts';
import type { AdminCategoriesService } from './admin-categories-service.ts';

export interface AdminCategoryRoutesOptions {
  db: Db;
  categories: AdminCategoriesService;
}

type AdminApp = Parameters<FastifyPluginAsyncZod<AdminCategoryRoutesOptions>>[0];

function categoryRoutes(app: AdminApp, { db, categories }: AdminCategoryRoutesOptions): void {
  app.get(
    '/categories',
    {
      config: { permission: 'products:read' },
      schema: { response: { 200: adminCategoryListResponseSchema } },
    },
    async () => categories.list(),
  );
  app.post(
    '/categories',
    {
      config: { permission: 'categories:write' },
      schema: { body: adminCategoryCreateBodySchema, response: { 201: adminCategoryResponseSchema } },
    },
    async (req, reply) =>
      reply.code(201).send({
        category: await changeAudited(db, req, 'category.create', (c) => categories.create(c, req.body)),
      }),
  );
  app.patch(
    '/categories/:id',
    {
      config: { permission: 'categories:write' },
      schema: {
        params: adminCategoryIdParamsSchema,
        body: adminCategoryPatchBodySchema,
        response: { 200: adminCategoryResponseSchema },
      },
    },
    async (req) => ({
      category: await changeAudited(db, req, 'category.update', (c) =>
        categories.patch(c, req.params.id, req.body),
      ),
    }),
  );
  // Only an empty category can go (no products, no sub-categories): see the service.
  app.delete(
    '/categories/:id',
    {
      config: { permission: 'categories:write' },
      schema: { params: adminCategoryIdParamsSchema, response: { 200: successMessageResponseSchema } },
    },
    async (req) => {
      await changeAudited(db, req, 'category.delete', (c) => categories.remove(c, req.params.id));
      return { success: true as const, message: 'Category deleted' };
    },
  );
}

/** The menu's order: the groups, or one group's sub-categories, saved whole in one change. */
function orderRoute(app: AdminApp, { db, categories }: AdminCategoryRoutesOptions): void {
  app.put(
    '/categories/order',
    {
      config: { permission: 'categories:write' },
      schema: { body: adminCategoryOrderBodySchema, response: { 200: adminCategoryListResponseSchema } },
    },
    async (req) => changeAudited(db, req, 'category.reorder', (c) => categories.reorder(c, req.body)),
  );
}

function sizeChartRoutes(app: AdminApp, { db, categories }: AdminCategoryRoutesOptions): void {
  app.get(
    '/size-charts',
    {
      config: { permission: 'products:read' },
      schema: { response: { 200: adminSizeChartListResponseSchema } },
    },
    async () => categories.sizeCharts(),
  );
  app.put(
    '/size-charts/:garmentType',
    {
      config: { permission: 'categories:write' },
      schema: {
        params: adminSizeChartParamsSchema,
        body: adminSizeChartBodySchema,
        response: { 200: adminSizeChartResponseSchema },
      },
    },
    async (req) => ({
      sizeChart: await changeAudited(db, req, 'size_chart.update', (c) =>
        categories.putSizeChart(c, req.params.garmentType, req.body),
      ),
    }),
  );
}

export const adminCategoryRoutes: FastifyPluginAsyncZod<AdminCategoryRoutesOptions> = async (app, opts) => {
  categoryRoutes(app, opts);
  orderRoute(app, opts);
  sizeChartRoutes(app, opts);
};
