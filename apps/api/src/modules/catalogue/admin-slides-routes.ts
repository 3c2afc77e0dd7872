// The back office's hero slides under /api/v1/admin (docs/admin.md#hero-slides): each call declares its
// permission, and each change runs in an audited transaction (plugins/admin.ts).
import {
  adminSlideCreateBodySchema,
  adminSlideIdParamsSchema,
  adminSlideListResponseSchema,
  adminSlideOrderBodySchema,
  adminSlidePatchBodySchema,
  adminSlideResponseSchema,
  adminSlideStatsQuerySchema,
  adminSlideStatsResponseSchema,
  auditListResponseSchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { changeAudited } from '../../plugins/admin.ts';
import { entityTimeline } from '../audit/index.ts';
import type { AdminSlidesService } from './admin-slides-service.ts';

export interface AdminSlideRoutesOptions {
  db: Db;
  slides: AdminSlidesService;
}

type AdminApp = Parameters<FastifyPluginAsyncZod<AdminSlideRoutesOptions>>[0];

function readRoutes(app: AdminApp, { db, slides }: AdminSlideRoutesOptions): void {
  app.get(
    '/slides',
    { config: { permission: 'slides:read' }, schema: { response: { 200: adminSlideListResponseSchema } } },
    async () => slides.list(),
  );
  app.get(
    '/slides/:id',
    {
      config: { permission: 'slides:read' },
      schema: { params: adminSlideIdParamsSchema, response: { 200: adminSlideResponseSchema } },
    },
    async (req) => ({ slide: await slides.get(req.params.id) }),
  );
  app.get(
    '/slides/:id/stats',
    {
      config: { permission: 'slides:read' },
      schema: {
        params: adminSlideIdParamsSchema,
        querystring: adminSlideStatsQuerySchema,
        response: { 200: adminSlideStatsResponseSchema },
      },
    },
    async (req) => slides.stats(req.params.id, req.query),
  );
  // A deleted slide's entries stay readable by its id, like every audit row.
  app.get(
    '/slides/:id/timeline',
    {
      config: { permission: 'slides:read' },
      schema: { params: adminSlideIdParamsSchema, response: { 200: auditListResponseSchema } },
    },
    async (req) => entityTimeline(db, 'slide', req.params.id),
  );
}

function writeRoutes(app: AdminApp, { db, slides }: AdminSlideRoutesOptions): void {
  app.post(
    '/slides',
    {
      config: { permission: 'slides:write' },
      schema: { body: adminSlideCreateBodySchema, response: { 201: adminSlideResponseSchema } },
    },
    async (req, reply) =>
      reply.code(201).send({
        slide: await changeAudited(db, req, 'slide.create', (c) => slides.create(c, req.body)),
      }),
  );
  app.patch(
    '/slides/:id',
    {
      config: { permission: 'slides:write' },
      schema: {
        params: adminSlideIdParamsSchema,
        body: adminSlidePatchBodySchema,
        response: { 200: adminSlideResponseSchema },
      },
    },
    async (req) => ({
      slide: await changeAudited(db, req, 'slide.update', (c) => slides.patch(c, req.params.id, req.body)),
    }),
  );
  app.delete(
    '/slides/:id',
    {
      config: { permission: 'slides:write' },
      schema: { params: adminSlideIdParamsSchema, response: { 200: successMessageResponseSchema } },
    },
    async (req) => {
      await changeAudited(db, req, 'slide.delete', (c) => slides.remove(c, req.params.id));
      return { success: true as const, message: 'Slide deleted' };
    },
  );
  app.put(
    '/slides/order',
    {
      config: { permission: 'slides:write' },
      schema: { body: adminSlideOrderBodySchema, response: { 200: adminSlideListResponseSchema } },
    },
    async (req) => changeAudited(db, req, 'slide.reorder', (c) => slides.reorder(c, req.body.ids)),
  );
}

export const adminSlideRoutes: FastifyPluginAsyncZod<AdminSlideRoutesOptions> = async (app, opts) => {
  readRoutes(app, opts);
  writeRoutes(app, opts);
};
