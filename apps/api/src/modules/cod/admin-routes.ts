// The back office's cash on delivery calls under /api/v1/admin (docs/admin.md#cash-on-delivery): the rules, the
// blocks and the report of parcels returned to origin. Changes run in audited transactions (plugins/admin.ts).
import {
  adminCodBlockParamsSchema,
  adminCodBlockResponseSchema,
  adminCodBlocksResponseSchema,
  adminCodRulesBodySchema,
  adminCodRulesResponseSchema,
  adminRtoQuerySchema,
  adminRtoResponseSchema,
} from '@rangrez/contract/schemas';
import { COD_MESSAGES } from '@rangrez/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { changeAudited, staffCaller } from '../../plugins/admin.ts';
import type { CodAdminService } from './admin-service.ts';
import { rtoReport } from './report.ts';

export interface CodAdminRoutesOptions {
  db: Db;
  clock: Clock;
  cod: CodAdminService;
}

export const codAdminRoutes: FastifyPluginAsyncZod<CodAdminRoutesOptions> = async (
  app,
  { db, clock, cod },
) => {
  app.get(
    '/settings/cod',
    {
      config: { permission: 'orders:read' },
      schema: { response: { 200: adminCodRulesResponseSchema } },
    },
    async () => ({ success: true as const, rules: await cod.read() }),
  );
  app.put(
    '/settings/cod',
    {
      config: { permission: 'cod:write' },
      schema: { body: adminCodRulesBodySchema, response: { 200: adminCodRulesResponseSchema } },
    },
    async (req) => ({
      success: true as const,
      message: COD_MESSAGES.saved,
      rules: await changeAudited(db, req, 'cod-rules.update', (c) => cod.put(c, req.body)),
    }),
  );
  app.get(
    '/cod/blocks',
    {
      config: { permission: 'orders:read' },
      schema: { response: { 200: adminCodBlocksResponseSchema } },
    },
    async () => ({ success: true as const, blocks: await cod.blocks() }),
  );
  app.post(
    '/cod/blocks/:id/lift',
    {
      config: { permission: 'cod:unblock' },
      schema: { params: adminCodBlockParamsSchema, response: { 200: adminCodBlockResponseSchema } },
    },
    async (req) => ({
      success: true as const,
      message: COD_MESSAGES.blockLifted,
      block: await changeAudited(db, req, 'cod-block.lift', (c) =>
        cod.lift(c, req.params.id, staffCaller(req).email),
      ),
    }),
  );
  app.get(
    '/rto',
    {
      config: { permission: 'orders:read' },
      schema: { querystring: adminRtoQuerySchema, response: { 200: adminRtoResponseSchema } },
    },
    async (req) => ({ success: true as const, report: await rtoReport(db, clock, req.query) }),
  );
};
