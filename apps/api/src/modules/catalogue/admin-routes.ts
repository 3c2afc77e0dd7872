// The back office's product calls under /api/v1/admin (docs/admin.md#products): each declares its permission, and
// each change runs in an audited transaction (plugins/admin.ts).
import {
  adminProductCreateBodySchema,
  adminProductIdParamsSchema,
  adminProductImagesBodySchema,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductPatchBodySchema,
  adminProductResponseSchema,
  adminVariantsBodySchema,
  auditListResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { changeAudited } from '../../plugins/admin.ts';
import { entityTimeline } from '../audit/index.ts';
import type { AdminCatalogueService } from './admin-service.ts';

export interface AdminCatalogueRoutesOptions {
  db: Db;
  products: AdminCatalogueService;
}

type AdminApp = Parameters<FastifyPluginAsyncZod<AdminCatalogueRoutesOptions>>[0];

function readRoutes(app: AdminApp, { db, products }: AdminCatalogueRoutesOptions): void {
  app.get(
    '/products',
    {
      config: { permission: 'products:read' },
      schema: { querystring: adminProductListQuerySchema, response: { 200: adminProductListResponseSchema } },
    },
    async (req) => products.list(req.query),
  );
  app.get(
    '/products/:id',
    {
      config: { permission: 'products:read' },
      schema: { params: adminProductIdParamsSchema, response: { 200: adminProductResponseSchema } },
    },
    async (req) => ({ product: await products.get(req.params.id) }),
  );
  app.get(
    '/products/:id/timeline',
    {
      config: { permission: 'products:read' },
      schema: { params: adminProductIdParamsSchema, response: { 200: auditListResponseSchema } },
    },
    async (req) => entityTimeline(db, 'product', req.params.id),
  );
}

function writeRoutes(app: AdminApp, { db, products }: AdminCatalogueRoutesOptions): void {
  app.post(
    '/products',
    {
      config: { permission: 'products:write' },
      schema: { body: adminProductCreateBodySchema, response: { 201: adminProductResponseSchema } },
    },
    async (req, reply) =>
      reply.code(201).send({
        product: await changeAudited(db, req, 'product.create', (c) => products.create(c, req.body)),
      }),
  );
  app.patch(
    '/products/:id',
    {
      config: { permission: 'products:write' },
      schema: {
        params: adminProductIdParamsSchema,
        body: adminProductPatchBodySchema,
        response: { 200: adminProductResponseSchema },
      },
    },
    async (req) => ({
      product: await changeAudited(db, req, 'product.update', (c) =>
        products.patch(c, req.params.id, req.body),
      ),
    }),
  );
  app.put(
    '/products/:id/variants',
    {
      config: { permission: 'products:write' },
      schema: {
        params: adminProductIdParamsSchema,
        body: adminVariantsBodySchema,
        response: { 200: adminProductResponseSchema },
      },
    },
    async (req) => ({
      product: await changeAudited(db, req, 'product.variants', (c) =>
        products.putVariants(c, req.params.id, req.body),
      ),
    }),
  );
  app.post(
    '/products/:id/duplicate',
    {
      config: { permission: 'products:write' },
      schema: { params: adminProductIdParamsSchema, response: { 201: adminProductResponseSchema } },
    },
    async (req, reply) =>
      reply.code(201).send({
        product: await changeAudited(db, req, 'product.duplicate', (c) =>
          products.duplicate(c, req.params.id),
        ),
      }),
  );
}

/** The gallery per colour, from images uploaded with POST /admin/media (docs/admin.md#images). */
function imageRoutes(app: AdminApp, { db, products }: AdminCatalogueRoutesOptions): void {
  app.put(
    '/products/:id/images',
    {
      config: { permission: 'products:write' },
      schema: {
        params: adminProductIdParamsSchema,
        body: adminProductImagesBodySchema,
        response: { 200: adminProductResponseSchema },
      },
    },
    async (req) => ({
      product: await changeAudited(db, req, 'product.images', (c) =>
        products.putImages(c, req.params.id, req.body),
      ),
    }),
  );
}

export const adminCatalogueRoutes: FastifyPluginAsyncZod<AdminCatalogueRoutesOptions> = async (app, opts) => {
  readRoutes(app, opts);
  writeRoutes(app, opts);
  imageRoutes(app, opts);
};
