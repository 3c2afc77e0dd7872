// The back office's returns (docs/admin.md#returns): the list, a return's page with its evidence, and the
// decisions, each permission-checked and audited in the transaction that makes it.
import { errorResponseSchema } from '@rangrez/contract/errors';
import { PAISE_PER_RUPEE, RETURN_MESSAGES } from '@rangrez/contract/rules';
import {
  adminReturnListResponseSchema,
  adminReturnQuerySchema,
  adminReturnRefundBodySchema,
  adminReturnRejectBodySchema,
  adminReturnResponseSchema,
  returnIdParamsSchema,
} from '@rangrez/contract/schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { auditActor, changeAudited } from '../../plugins/admin.ts';
import type { Decision } from './decisions.ts';
import { evidenceParamsSchema, sendVideo, videoResponse } from './routes.ts';
import type { ReturnsService } from './service.ts';

export interface ReturnAdminRoutesOptions {
  db: Db;
  returns: ReturnsService;
}

const MESSAGES: Record<Decision['to'], string> = {
  approved: RETURN_MESSAGES.approved,
  rejected: RETURN_MESSAGES.rejected,
  pickup: RETURN_MESSAGES.pickup,
  received: RETURN_MESSAGES.received,
  reprinted: RETURN_MESSAGES.reprinted,
  refunded: RETURN_MESSAGES.refunded,
};

const answers = {
  200: adminReturnResponseSchema,
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Makes the decision in an audited transaction, then answers the return as it is now. */
async function decideAudited(
  { db, returns }: ReturnAdminRoutesOptions,
  req: FastifyRequest<{ Params: { returnId: string } }>,
  decision: Decision,
) {
  const actor = auditActor(req);
  await changeAudited(db, req, `return.${decision.to}`, async (c) => {
    const { before, after } = await returns.decideInTx(c.tx, actor.email, req.params.returnId, decision);
    await c.record({
      action: `return.${decision.to}`,
      entityType: 'return',
      entityId: after.id,
      before: { state: before.state },
      after: {
        state: after.state,
        ...(after.rejectionReason ? { rejectionReason: after.rejectionReason } : {}),
        ...(after.reprintOrderId ? { reprintOrderId: after.reprintOrderId } : {}),
        ...(after.refundId ? { refundId: after.refundId } : {}),
      },
    });
  });
  return {
    success: true as const,
    message: MESSAGES[decision.to],
    return: await returns.get(req.params.returnId),
  };
}

export const returnAdminRoutes: FastifyPluginAsyncZod<ReturnAdminRoutesOptions> = async (app, opts) => {
  const { returns } = opts;
  const decide = (req: FastifyRequest<{ Params: { returnId: string } }>, decision: Decision) =>
    decideAudited(opts, req, decision);
  app.get(
    '/returns',
    {
      config: { permission: 'orders:read' },
      schema: { querystring: adminReturnQuerySchema, response: { 200: adminReturnListResponseSchema } },
    },
    async (req) => returns.list(req.query),
  );
  app.get(
    '/returns/:returnId',
    {
      config: { permission: 'orders:read' },
      schema: {
        params: returnIdParamsSchema,
        response: { 200: adminReturnResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => ({ success: true as const, message: '', return: await returns.get(req.params.returnId) }),
  );
  app.get(
    '/returns/:returnId/evidence/:evidenceId',
    {
      config: { permission: 'orders:read' },
      schema: { params: evidenceParamsSchema, response: videoResponse },
    },
    async (req, reply) =>
      sendVideo(reply, returns, await returns.staffVideo(req.params.returnId, req.params.evidenceId)),
  );

  const decision = {
    config: { permission: 'returns:write' as const },
    schema: { params: returnIdParamsSchema, response: answers },
  };
  app.post('/returns/:returnId/approve', decision, (req) => decide(req, { to: 'approved' }));
  app.post(
    '/returns/:returnId/reject',
    { ...decision, schema: { ...decision.schema, body: adminReturnRejectBodySchema } },
    (req) => decide(req, { to: 'rejected', reason: req.body.reason }),
  );
  app.post('/returns/:returnId/pickup', decision, (req) => decide(req, { to: 'pickup' }));
  app.post('/returns/:returnId/received', decision, (req) => decide(req, { to: 'received' }));
  app.post('/returns/:returnId/reprint', decision, (req) => decide(req, { to: 'reprinted' }));
  app.post(
    '/returns/:returnId/refund',
    {
      config: { permission: 'refunds:write' },
      schema: { params: returnIdParamsSchema, body: adminReturnRefundBodySchema, response: answers },
    },
    (req) =>
      decide(req, {
        to: 'refunded',
        ...(req.body.amount !== undefined
          ? { amountPaise: Math.round(req.body.amount * PAISE_PER_RUPEE) }
          : {}),
        ...(req.body.reference ? { reference: req.body.reference } : {}),
      }),
  );
};
