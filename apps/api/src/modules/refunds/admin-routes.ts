// POST /admin/orders/{orderId}/refunds (docs/admin.md#orders): a refund by a staff member, audited in the same
// transaction that checks what is still refundable under the order's row lock.
import {
  REFUND_MESSAGES,
  adminOrderParamsSchema,
  adminRefundBodySchema,
  adminRefundResponseSchema,
} from '@rangrez/contract/schemas';
import { errorResponseSchema } from '@rangrez/contract/errors';
import { PAISE_PER_RUPEE } from '@rangrez/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import { auditActor, changeAudited } from '../../plugins/admin.ts';
import type { OrdersService } from '../orders/index.ts';
import { type RefundsService, toAdminRefund } from './service.ts';

export interface RefundAdminRoutesOptions {
  db: Db;
  refunds: RefundsService;
  orders: Pick<OrdersService, 'lockOrderInTx' | 'resolveOrderId'>;
}

export const refundAdminRoutes: FastifyPluginAsyncZod<RefundAdminRoutesOptions> = async (app, opts) => {
  const { db, refunds, orders } = opts;
  app.post(
    '/orders/:orderId/refunds',
    {
      config: { permission: 'refunds:write' },
      schema: {
        params: adminOrderParamsSchema,
        body: adminRefundBodySchema,
        response: { 201: adminRefundResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const row = await changeAudited(db, req, 'order.refund', async (c) => {
        const id = await orders.resolveOrderId(c.tx, req.params.orderId);
        const order = id ? await orders.lockOrderInTx(c.tx, id) : undefined;
        if (!order) throw notFound(REFUND_MESSAGES.orderNotFound);
        const before = { refundState: order.refundState };
        const refund = await refunds.createInTx(c.tx, order, {
          ...(req.body.amount !== undefined
            ? { amountPaise: Math.round(req.body.amount * PAISE_PER_RUPEE) }
            : {}),
          reason: req.body.reason,
          method: req.body.method,
          ...(req.body.reference ? { reference: req.body.reference } : {}),
          createdBy: auditActor(req).email,
        });
        await c.record({
          action: 'order.refund',
          entityType: 'order',
          entityId: order.id,
          before,
          after: { refundState: order.refundState, refund: toAdminRefund(refund) },
        });
        return refund;
      });
      return reply.code(201).send({ success: true as const, refund: toAdminRefund(row) });
    },
  );
};
