// The back office's promotions under /api/v1/admin (docs/admin.md#promotions): each call declares its permission,
// and each change runs in an audited transaction (plugins/admin.ts).
import {
  adminPromotionCodesBodySchema,
  adminPromotionCodesResponseSchema,
  adminPromotionCreateBodySchema,
  adminPromotionGarmentTypesResponseSchema,
  adminPromotionGstCheckResponseSchema,
  adminPromotionIdParamsSchema,
  adminPromotionListResponseSchema,
  adminPromotionOrdersQuerySchema,
  adminPromotionOrdersResponseSchema,
  adminPromotionPatchBodySchema,
  adminPromotionReportQuerySchema,
  adminPromotionReportResponseSchema,
  adminPromotionResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../lib/db.ts';
import { changeAudited } from '../../plugins/admin.ts';
import type { AdminPromotionsService } from './admin-service.ts';

export interface AdminPromotionRoutesOptions {
  db: Db;
  promotions: AdminPromotionsService;
}

type AdminApp = Parameters<FastifyPluginAsyncZod<AdminPromotionRoutesOptions>>[0];

/** The checks that help the owner choose an offer: today, the GST slabs a discounted piece lands in. */
function checkRoutes(app: AdminApp, { promotions }: AdminPromotionRoutesOptions): void {
  app.get(
    '/promotions/:id/gst-check',
    {
      config: { permission: 'promotions:read' },
      schema: {
        params: adminPromotionIdParamsSchema,
        response: { 200: adminPromotionGstCheckResponseSchema },
      },
    },
    async (req) => promotions.gstCheck(req.params.id),
  );
}

function readRoutes(app: AdminApp, { promotions }: AdminPromotionRoutesOptions): void {
  app.get(
    '/promotions',
    {
      config: { permission: 'promotions:read' },
      schema: { response: { 200: adminPromotionListResponseSchema } },
    },
    async () => promotions.list(),
  );
  // A static path: the router prefers it to '/promotions/:id'.
  app.get(
    '/promotions/garment-types',
    {
      config: { permission: 'promotions:read' },
      schema: { response: { 200: adminPromotionGarmentTypesResponseSchema } },
    },
    async () => promotions.garmentTypes(),
  );
  app.get(
    '/promotions/:id',
    {
      config: { permission: 'promotions:read' },
      schema: { params: adminPromotionIdParamsSchema, response: { 200: adminPromotionResponseSchema } },
    },
    async (req) => ({ success: true as const, promotion: await promotions.get(req.params.id) }),
  );
  app.get(
    '/promotions/:id/report',
    {
      config: { permission: 'promotions:read' },
      schema: {
        params: adminPromotionIdParamsSchema,
        querystring: adminPromotionReportQuerySchema,
        response: { 200: adminPromotionReportResponseSchema },
      },
    },
    async (req) => promotions.report(req.params.id, req.query),
  );
  app.get(
    '/promotions/:id/orders',
    {
      config: { permission: 'promotions:read' },
      schema: {
        params: adminPromotionIdParamsSchema,
        querystring: adminPromotionOrdersQuerySchema,
        response: { 200: adminPromotionOrdersResponseSchema },
      },
    },
    async (req) => promotions.orders(req.params.id, req.query.page),
  );
  app.get(
    '/promotions/:id/codes.csv',
    {
      config: { permission: 'promotions:read' },
      schema: {
        params: adminPromotionIdParamsSchema,
        response: {
          200: {
            description: "The promotion's single-use codes: code, used (yes/no), created_at",
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="promotion-${req.params.id}-codes.csv"`)
        .header('cache-control', 'no-store')
        .send(await promotions.codesCsv(req.params.id)),
  );
}

function writeRoutes(app: AdminApp, { db, promotions }: AdminPromotionRoutesOptions): void {
  app.post(
    '/promotions',
    {
      config: { permission: 'promotions:write' },
      schema: { body: adminPromotionCreateBodySchema, response: { 201: adminPromotionResponseSchema } },
    },
    async (req, reply) =>
      reply.code(201).send({
        success: true as const,
        promotion: await changeAudited(db, req, 'promotion.create', (c) => promotions.create(c, req.body)),
      }),
  );
  app.patch(
    '/promotions/:id',
    {
      config: { permission: 'promotions:write' },
      schema: {
        params: adminPromotionIdParamsSchema,
        body: adminPromotionPatchBodySchema,
        response: { 200: adminPromotionResponseSchema },
      },
    },
    async (req) => ({
      success: true as const,
      promotion: await changeAudited(db, req, 'promotion.update', (c) =>
        promotions.patch(c, req.params.id, req.body),
      ),
    }),
  );
  app.post(
    '/promotions/:id/codes',
    {
      config: { permission: 'promotions:write' },
      schema: {
        params: adminPromotionIdParamsSchema,
        body: adminPromotionCodesBodySchema,
        response: { 201: adminPromotionCodesResponseSchema },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await changeAudited(db, req, 'promotion.codes', (c) =>
            promotions.generateCodes(c, req.params.id, req.body.count),
          ),
        ),
  );
}

export const adminPromotionRoutes: FastifyPluginAsyncZod<AdminPromotionRoutesOptions> = async (app, opts) => {
  readRoutes(app, opts);
  checkRoutes(app, opts);
  writeRoutes(app, opts);
};
