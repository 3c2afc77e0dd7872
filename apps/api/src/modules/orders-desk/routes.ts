// The orders desk's API (docs/admin.md#orders): the list and its CSV, the order page, the needs-action queue and
// its count (orders:read), and the desk's own actions (orders:write; refunds:write for money without an order),
// each audited in the transaction that makes the change.
import { errorResponseSchema } from '@rangrez/contract/errors';
import {
  ORDERS_DESK_MESSAGES,
  REFUND_MESSAGES,
  adminDeskActionResponseSchema,
  adminOrderAddressBodySchema,
  adminOrderDetailResponseSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderNoteBodySchema,
  adminOrderParamsSchema,
  adminPaymentParamsSchema,
  adminPaymentRefundBodySchema,
  adminRefundResponseSchema,
  needsActionCountResponseSchema,
  needsActionResponseSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobRunner } from '../../jobs/runner.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import { auditActor, changeAudited } from '../../plugins/admin.ts';
import type { OrdersService } from '../orders/index.ts';
import { type RefundsService, toAdminRefund } from '../refunds/index.ts';
import * as act from './actions.ts';
import { ordersCsv } from './csv.ts';
import { orderDetail } from './detail.ts';
import { listOrders } from './list.ts';
import { needsActionEntries } from './queue.ts';

export interface OrdersDeskOptions {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  publicUrl: string;
  orders: OrdersService;
  refunds: RefundsService;
}

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

const ordersDeskReadRoutes: FastifyPluginAsyncZod<OrdersDeskOptions> = async (app, opts) => {
  const { db, clock } = opts;
  const read = { permission: 'orders:read' as const };
  app.get(
    '/orders',
    {
      config: read,
      schema: {
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => listOrders(db, req.query, clock.now()),
  );
  app.get(
    '/orders/export.csv',
    {
      config: read,
      schema: {
        querystring: adminOrderListQuerySchema,
        response: {
          200: {
            description: 'The filtered orders, newest first (UTF-8 with a byte order mark)',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'no-store')
        // The schema documents the body as text; it is a stream, which Fastify sends as it comes.
        .send(ordersCsv(db, req.query, clock.now()) as unknown as string),
  );
  app.get(
    '/orders/needs-action',
    { config: read, schema: { response: { 200: needsActionResponseSchema } } },
    async () => ({ entries: await needsActionEntries(db, clock.now()) }),
  );
  app.get(
    '/needs-action/count',
    { config: read, schema: { response: { 200: needsActionCountResponseSchema } } },
    async () => ({ count: (await needsActionEntries(db, clock.now())).length }),
  );
  app.get(
    '/orders/:orderId',
    {
      config: read,
      schema: {
        params: adminOrderParamsSchema,
        response: { 200: adminOrderDetailResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const id = await opts.orders.resolveOrderId(db, req.params.orderId);
      const order = id ? await opts.orders.findOrder(id) : undefined;
      if (!order) throw notFound(REFUND_MESSAGES.orderNotFound);
      return { order: await orderDetail(db, order, { publicUrl: opts.publicUrl, now: clock.now() }) };
    },
  );
};

const ordersDeskActionRoutes: FastifyPluginAsyncZod<OrdersDeskOptions> = async (app, opts) => {
  const { db } = opts;
  const write = { permission: 'orders:write' as const };
  const ok = (message: string) => ({ success: true as const, message });
  const actor = (req: Parameters<typeof auditActor>[0]) => {
    const a = auditActor(req);
    return { id: a.id ?? '', email: a.email };
  };
  const params = { params: adminOrderParamsSchema };
  const answers = { response: { 200: adminDeskActionResponseSchema, ...errors } };

  app.post(
    '/orders/:orderId/notes',
    {
      config: write,
      schema: {
        ...params,
        body: adminOrderNoteBodySchema,
        response: { 201: adminDeskActionResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      await changeAudited(db, req, 'order.note', (c) =>
        act.addNote(opts, c, req.params.orderId, req.body.body, actor(req)),
      );
      return reply.code(201).send(ok(ORDERS_DESK_MESSAGES.noteAdded));
    },
  );
  app.patch(
    '/orders/:orderId/address',
    { config: write, schema: { ...params, body: adminOrderAddressBodySchema, ...answers } },
    async (req) => {
      await changeAudited(db, req, 'order.address', (c) =>
        act.editAddress(opts, c, req.params.orderId, req.body),
      );
      return ok(ORDERS_DESK_MESSAGES.addressSaved);
    },
  );
  app.post('/orders/:orderId/resend', { config: write, schema: { ...params, ...answers } }, async (req) => {
    await changeAudited(db, req, 'order.resend', (c) => act.resend(opts, c, req.params.orderId, actor(req)));
    return ok(ORDERS_DESK_MESSAGES.resent);
  });
  app.post(
    '/orders/:orderId/cancellation/confirm',
    { config: write, schema: { ...params, ...answers } },
    async (req) => {
      await changeAudited(db, req, 'order.cancel', (c) =>
        act.confirmCancellation(opts, c, req.params.orderId, actor(req)),
      );
      return ok('Order cancelled');
    },
  );
  app.post(
    '/orders/:orderId/cancellation/too-late',
    { config: write, schema: { ...params, ...answers } },
    async (req) => {
      await changeAudited(db, req, 'order.cancel_too_late', (c) =>
        act.cancellationTooLate(opts, c, req.params.orderId, actor(req)),
      );
      return ok(ORDERS_DESK_MESSAGES.tooLate);
    },
  );
};

/** Money that matches no order goes back whole (refunds:write, as every refund). */
const paymentRefundRoutes: FastifyPluginAsyncZod<OrdersDeskOptions> = async (app, opts) => {
  const { db } = opts;
  app.post(
    '/payments/:paymentId/refund',
    {
      config: { permission: 'refunds:write' },
      schema: {
        params: adminPaymentParamsSchema,
        body: adminPaymentRefundBodySchema,
        response: { 201: adminRefundResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const row = await changeAudited(db, req, 'payment.refund', async (c) => {
        const refund = await opts.refunds.refundUnmatchedInTx(c.tx, req.params.paymentId, {
          reason: req.body.reason,
          createdBy: auditActor(req).email,
        });
        if (!refund) throw notFound(ORDERS_DESK_MESSAGES.paymentNotFound);
        await c.record({
          action: 'payment.refund',
          entityType: 'payment',
          entityId: req.params.paymentId,
          before: null,
          after: { refund: toAdminRefund(refund) },
        });
        return refund;
      });
      return reply.code(201).send({ success: true as const, refund: toAdminRefund(row) });
    },
  );
};

export const ordersDeskRoutes: FastifyPluginAsyncZod<OrdersDeskOptions> = async (app, opts) => {
  await app.register(ordersDeskReadRoutes, opts);
  await app.register(ordersDeskActionRoutes, opts);
  await app.register(paymentRefundRoutes, opts);
};
