// Wires orders, payments and fulfilment together with the job runner; buildApp calls this once. It sits above
// the three modules so that none of them imports another's setup: payments and fulfilment depend on orders,
// and orders reaches fulfilment only through the function it is given here. Jobs can be
// enqueued at once; workers run only where the server starts them (app.jobs.startWorkers()).
import path from 'node:path';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from './env.ts';
import { poolOf } from './jobs/pool.ts';
import {
  CONFIRMATION_EMAIL,
  EXPIRE_RESERVATIONS,
  EXPIRY_SWEEP_SECONDS,
  FULFILMENT_POLL,
  FULFILMENT_SUBMIT,
  REFUND_OWED,
  REFUND_SEND,
} from './jobs/queues.ts';
import { createJobRunner, type JobRunner } from './jobs/runner.ts';
import type { FulfilmentPartner } from './integrations/qikink/port.ts';
import type { Mailer } from './integrations/mail/port.ts';
import type { PaymentGateway } from './integrations/razorpay/port.ts';
import type { Clock } from './lib/clock.ts';
import type { Db } from './lib/db.ts';
import {
  createFulfilmentService,
  fulfilmentOpener,
  type FulfilmentService,
} from './modules/fulfilment/service.ts';
import { registerHousekeeping } from './modules/housekeeping/service.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { createPaymentsService, type PaymentsService } from './modules/payments/service.ts';
import { createConfirmationEmails } from './modules/orders/email.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { createOrdersService, type OrdersService } from './modules/orders/service.ts';
import { createRefundsService, type RefundsService } from './modules/refunds/index.ts';
import { createReturnsService, type ReturnsService, returnRoutes } from './modules/returns/index.ts';

export interface CommerceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  payments: PaymentGateway;
  fulfilment: FulfilmentPartner;
  mailer: Mailer;
  log?: FastifyBaseLogger;
}

export interface Commerce {
  jobs: JobRunner;
  orders: OrdersService;
  payments: PaymentsService;
  fulfilment: FulfilmentService;
  refunds: RefundsService;
  returns: ReturnsService;
  /** The API routes of all three, for the /api/v1 scope. */
  routes: FastifyPluginAsync;
}

const orderIdOf = (data: unknown): string | undefined => {
  const id = (data as { orderId?: unknown } | null)?.orderId;
  return typeof id === 'string' ? id : undefined;
};

/** The handlers of the commerce queues (jobs/queues.ts). */
function defineJobs(
  jobs: JobRunner,
  services: {
    orders: OrdersService;
    payments: PaymentsService;
    fulfilment: FulfilmentService;
    refunds: RefundsService;
    emails: ReturnType<typeof createConfirmationEmails>;
  },
) {
  const { orders, payments, fulfilment, refunds, emails } = services;
  jobs.define(FULFILMENT_SUBMIT, async (data) => {
    const orderId = orderIdOf(data);
    if (orderId) await fulfilment.submit(orderId);
  });
  jobs.define(CONFIRMATION_EMAIL, async (data) => {
    const orderId = orderIdOf(data);
    if (orderId) await emails.send(orderId);
  });
  jobs.define(REFUND_OWED, async (data) => {
    const orderId = orderIdOf(data);
    if (orderId) await refunds.refundOwed(orderId);
  });
  jobs.define(REFUND_SEND, async (data) => {
    const refundId = (data as { refundId?: unknown } | null)?.refundId;
    if (typeof refundId === 'string') await refunds.send(refundId);
  });
  jobs.define(FULFILMENT_POLL, async () => {
    await fulfilment.poll();
  });
  jobs.define(EXPIRE_RESERVATIONS, async () => {
    // Ask the provider first: a paid order whose webhook was lost is confirmed, not cancelled and refunded.
    await payments.reconcileExpiring();
    await orders.expireReservations();
    await payments.flagUnmatchedPayments();
  });
}

export function setUpCommerce(deps: CommerceDeps): Commerce {
  const { config, db, clock, log } = deps;
  const pool = poolOf(db);
  const jobs = createJobRunner({ pool, ...(log ? { log } : {}) });
  const reservationMinutes = config.orders.reservationMinutes;

  const orders = createOrdersService({
    db,
    clock,
    jobs,
    reservationMinutes,
    limits: {
      maxUnpaidOrders: config.orders.maxUnpaidOrders,
      maxUnitsPerOrder: config.orders.maxUnitsPerOrder,
    },
    openFulfilment: fulfilmentOpener(config.fulfilment.provider),
  });
  const refunds = createRefundsService({
    db,
    clock,
    gateway: deps.payments,
    jobs,
    orders,
    ...(log ? { log } : {}),
  });
  const payments = createPaymentsService({
    db,
    clock,
    gateway: deps.payments,
    orders,
    refunds,
    jobs,
    reservationMinutes,
    ...(log ? { log } : {}),
  });
  const fulfilment = createFulfilmentService({
    db,
    pool,
    clock,
    partner: deps.fulfilment,
    orders,
    jobs,
    ...(log ? { log } : {}),
  });
  const emails = createConfirmationEmails({
    db,
    clock,
    mailer: deps.mailer,
    store: { publicUrl: config.publicUrl, supportEmail: config.seller.email },
  });

  const returns = createReturnsService({
    db,
    clock,
    orders,
    refunds,
    publicUrl: config.publicUrl,
    mediaDir: config.mediaDir,
    videoDir: path.join(config.dataDir, 'returns'),
  });

  defineJobs(jobs, { orders, payments, fulfilment, refunds, emails });
  jobs.every(FULFILMENT_POLL.name, config.orders.fulfilmentPollSeconds);
  jobs.every(EXPIRE_RESERVATIONS.name, EXPIRY_SWEEP_SECONDS);
  // Not commerce, but this is where the app's one job runner is set up.
  registerHousekeeping(jobs, { db, clock, accounts: config.accounts, ...(log ? { log } : {}) });

  const routes: FastifyPluginAsync = async (api) => {
    await api.register(ordersRoutes, { orders });
    await api.register(paymentsRoutes, { payments });
    await api.register(returnRoutes, { returns });
  };
  return { jobs, orders, payments, fulfilment, refunds, returns, routes };
}
