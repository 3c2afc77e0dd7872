// The orders desk's actions on one order (docs/admin.md#orders), each permission-checked and audited in the
// transaction that makes the change.
import { errorResponseSchema } from '@rangrez/contract/errors';
import {
  ADMIN_ORDER_MESSAGES,
  REFUND_MESSAGES,
  adminCancelBodySchema,
  adminOrderActionResponseSchema,
  adminOrderParamsSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import { auditActor, changeAudited } from '../../plugins/admin.ts';
import type { OrderRow } from './repository.ts';
import type { OrdersService } from './service.ts';

const statesOf = (order: OrderRow) => ({
  state: order.state,
  paymentState: order.paymentState,
  fulfilmentState: order.fulfilmentState,
  refundState: order.refundState,
});

export const orderAdminRoutes: FastifyPluginAsyncZod<{ db: Db; orders: OrdersService }> = async (
  app,
  opts,
) => {
  const { db, orders } = opts;
  app.post(
    '/orders/:orderId/cancel',
    {
      config: { permission: 'orders:write' },
      schema: {
        params: adminOrderParamsSchema,
        body: adminCancelBodySchema,
        response: { 200: adminOrderActionResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req) =>
      changeAudited(db, req, 'order.cancel', async (c) => {
        const id = await orders.resolveOrderId(c.tx, req.params.orderId);
        const done = id
          ? await orders.cancelByStaffInTx(
              c.tx,
              id,
              `cancelled by ${auditActor(req).email}: ${req.body.reason}`,
            )
          : undefined;
        if (!done) throw notFound(REFUND_MESSAGES.orderNotFound);
        const { before, order, outcome } = done;
        await c.record({
          action: 'order.cancel',
          entityType: 'order',
          entityId: order.id,
          before: statesOf(before),
          after: { ...statesOf(order), reason: req.body.reason },
        });
        return {
          success: true as const,
          message: outcome === 'cancelled' ? ADMIN_ORDER_MESSAGES.cancelled : ADMIN_ORDER_MESSAGES.askPartner,
          order: { _id: order.id, orderId: order.orderNumber, ...statesOf(order) },
        };
      }),
  );
};
