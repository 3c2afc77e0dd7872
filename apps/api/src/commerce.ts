// Wires orders, payments and fulfilment together with the job runner; buildApp calls this once. It sits above
// the three modules so that none of them imports another's setup: payments and fulfilment depend on orders,
// and orders reaches fulfilment only through the function it is given here. Jobs can be
// enqueued at once; workers run only where the server starts them (app.jobs.startWorkers()).
import path from 'node:path';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from './env.ts';
import { poolOf } from './jobs/pool.ts';
import {
  CREDIT_NOTE,
  INVOICE_ISSUE,
  EXPIRE_RESERVATIONS,
  EXPIRY_SWEEP_SECONDS,
  FULFILMENT_POLL,
  FULFILMENT_SUBMIT,
  INVOICE_RENDER,
  OUTBOX_SEND,
  OUTBOX_SEND_SECONDS,
  OWNER_DIGEST,
  OWNER_DIGEST_SECONDS,
  PAYMENTS_WEBHOOK,
  REFUND_OWED,
  REFUND_SEND,
  COD_CONFIRM_MESSAGE,
  COD_CONFIRM_SWEEP,
  COD_CONFIRM_SWEEP_SECONDS,
} from './jobs/queues.ts';
import { createJobRunner, type JobRunner } from './jobs/runner.ts';
import type { FulfilmentPartner } from './integrations/qikink/port.ts';
import type { Mailer } from './integrations/mail/port.ts';
import type { PaymentGateway } from './integrations/razorpay/port.ts';
import type { SmsSender } from './integrations/sms/port.ts';
import type { WhatsAppMessenger } from './integrations/whatsapp/port.ts';
import type { Clock } from './lib/clock.ts';
import type { Db, Executor } from './lib/db.ts';
import {
  createFulfilmentService,
  fulfilmentOpener,
  type FulfilmentService,
} from './modules/fulfilment/service.ts';
import { registerDashboardJob } from './modules/dashboard/index.ts';
import { registerHousekeeping } from './modules/housekeeping/service.ts';
import {
  createInvoiceLinks,
  createInvoicesService,
  type InvoiceLinks,
  invoiceRoutes,
  type InvoicesService,
} from './modules/invoices/index.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { createPaymentsService, type PaymentsService } from './modules/payments/service.ts';
import { createOwnerNotices, type OwnerNotices } from './modules/outbox/owner.ts';
import { sendDue } from './modules/outbox/sender.ts';
import { registerBackInStockJob } from './modules/back-in-stock/index.ts';
import { settingsDefaults, storeSettingsIn } from './modules/settings/index.ts';
import type { StoreSettingsValues } from '@rangrez/contract/schemas';
import { ordersRoutes } from './modules/orders/routes.ts';
import { createOrdersService, type OrdersService } from './modules/orders/service.ts';
import { createRefundsService, type RefundsService } from './modules/refunds/index.ts';
import {
  codConfirmationPages,
  codConfirmationRoutes,
  type CodConfirmationService,
  type CodMessageKind,
  createCodConfirmationService,
  createCodLinks,
} from './modules/cod-confirmation/index.ts';
import { createReturnsService, type ReturnsService, returnRoutes } from './modules/returns/index.ts';

export interface CommerceDeps {
  config: Config;
  db: Db;
  clock: Clock;
  payments: PaymentGateway;
  fulfilment: FulfilmentPartner;
  mailer: Mailer;
  whatsapp: WhatsAppMessenger;
  sms: SmsSender;
  log?: FastifyBaseLogger;
}

export interface Commerce {
  jobs: JobRunner;
  orders: OrdersService;
  payments: PaymentsService;
  fulfilment: FulfilmentService;
  refunds: RefundsService;
  returns: ReturnsService;
  invoices: InvoicesService;
  codConfirmation: CodConfirmationService;
  /** The API routes of all three, for the /api/v1 scope. */
  routes: FastifyPluginAsync;
  /** Pages at the site's root: the COD confirmation's e-mailed link (docs/cod-confirmation.md). */
  pages: FastifyPluginAsync;
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
    invoices: InvoicesService;
    sendEmails: () => Promise<unknown>;
    owners: { enqueueDigests: () => Promise<number> };
  },
) {
  const { orders, payments, fulfilment, refunds, invoices, sendEmails, owners } = services;
  defineInvoiceJobs(jobs, invoices);
  jobs.define(FULFILMENT_SUBMIT, async (data) => {
    const orderId = orderIdOf(data);
    if (orderId) await fulfilment.submit(orderId);
  });
  jobs.define(OUTBOX_SEND, async () => {
    await sendEmails();
  });
  jobs.define(OWNER_DIGEST, async () => {
    await owners.enqueueDigests();
  });
  jobs.define(REFUND_OWED, async (data) => {
    const orderId = orderIdOf(data);
    if (orderId) await refunds.refundOwed(orderId);
  });
  jobs.define(REFUND_SEND, async (data) => {
    const refundId = (data as { refundId?: unknown } | null)?.refundId;
    if (typeof refundId === 'string') await refunds.send(refundId);
  });
  jobs.define(PAYMENTS_WEBHOOK, async (data) => {
    const inboxId = (data as { inboxId?: unknown } | null)?.inboxId;
    if (typeof inboxId === 'number') await payments.processInboxEvent(inboxId);
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

/** The COD confirmation's message job and its sweep (docs/cod-confirmation.md#timer). */
function defineCodJobs(jobs: JobRunner, cod: CodConfirmationService) {
  jobs.define(COD_CONFIRM_MESSAGE, async (data) => {
    const orderId = orderIdOf(data);
    const kind = (data as { kind?: unknown } | null)?.kind;
    if (orderId && (kind === 'request' || kind === 'reminder' || kind === 'sms')) {
      await cod.sendMessage(orderId, kind satisfies CodMessageKind);
    }
  });
  jobs.define(COD_CONFIRM_SWEEP, async () => {
    await cod.sweep();
  });
  jobs.every(COD_CONFIRM_SWEEP.name, COD_CONFIRM_SWEEP_SECONDS);
}

function defineInvoiceJobs(jobs: JobRunner, invoices: InvoicesService) {
  jobs.define(INVOICE_RENDER, async (data) => {
    const documentId = (data as { documentId?: unknown } | null)?.documentId;
    if (typeof documentId === 'string') await invoices.render(documentId);
  });
  jobs.define(INVOICE_ISSUE, async (data) => {
    const orderId = orderIdOf(data);
    if (orderId) await invoices.issueNow(orderId);
  });
  jobs.define(CREDIT_NOTE, async (data) => {
    const orderId = orderIdOf(data);
    const refundId = (data as { refundId?: unknown } | null)?.refundId;
    if (orderId) await invoices.creditNote(orderId, typeof refundId === 'string' ? refundId : null);
  });
}

function schedulePeriodicJobs(jobs: JobRunner, { config, db, clock, log }: CommerceDeps) {
  jobs.every(OUTBOX_SEND.name, OUTBOX_SEND_SECONDS);
  jobs.every(OWNER_DIGEST.name, OWNER_DIGEST_SECONDS);
  jobs.every(FULFILMENT_POLL.name, config.orders.fulfilmentPollSeconds);
  jobs.every(EXPIRE_RESERVATIONS.name, EXPIRY_SWEEP_SECONDS);
  // Not commerce, but this is where the app's one job runner is set up.
  registerHousekeeping(jobs, { db, clock, accounts: config.accounts, ...(log ? { log } : {}) });
  registerDashboardJob(jobs, { db, clock });
  registerBackInStockJob(jobs, { db, clock, publicUrl: config.publicUrl });
}

const ordersLimits = (config: Config) => ({
  maxUnpaidOrders: config.orders.maxUnpaidOrders,
  maxUnitsPerOrder: config.orders.maxUnitsPerOrder,
  codMaxOpenPerPhone: config.orders.codMaxOpenPerPhone,
});

/** What the orders service takes from the configuration: its limits, the COD confirmation window, media URLs. */
const ordersSettings = (config: Config) => ({
  limits: ordersLimits(config),
  codConfirmHours: config.orders.codConfirmHours,
  publicUrl: config.publicUrl,
});

/** The outbox's sender, with the store's contact as the settings say. */
function emailSender(
  { config, db, clock, mailer, log }: CommerceDeps,
  settingsIn: (executor: Executor) => Promise<{ email: string }>,
  invoiceLinks: InvoiceLinks,
  cod: CodConfirmationService,
) {
  const invoiceUrl = async (documentId: string) =>
    `${config.publicUrl}/api/v1/invoices/${await invoiceLinks.tokenFor(documentId)}`;
  return () =>
    sendDue({
      db,
      clock,
      mailer,
      contact: async () => ({
        publicUrl: config.publicUrl,
        supportEmail: (await settingsIn(db)).email,
        invoiceUrl,
        codConfirmUrl: cod.linkFor,
      }),
      ...(log ? { log } : {}),
    });
}

/** Invoices and credit notes; their PDFs are kept under DATA_DIR/invoices. */
function invoicesService(
  { config, db, clock, log }: CommerceDeps,
  jobs: JobRunner,
  settings: (executor: Executor) => Promise<StoreSettingsValues>,
) {
  return createInvoicesService({
    db,
    clock,
    jobs,
    settings,
    dir: path.join(config.dataDir, 'invoices'),
    log,
  });
}

/** The COD confirmation with its channels and signed links (docs/cod-confirmation.md). */
function codConfirmationService(
  { config, db, clock, whatsapp, sms }: CommerceDeps,
  jobs: JobRunner,
  orders: OrdersService,
  settings: (executor: Executor) => Promise<StoreSettingsValues>,
) {
  return createCodConfirmationService({
    db,
    clock,
    jobs,
    orders,
    whatsapp,
    sms,
    settings,
    links: createCodLinks({ db, clock, jwtSecret: config.accounts.jwtSecret }),
    publicUrl: config.publicUrl,
    hours: config.orders.codConfirmHours,
  });
}

/** The COD confirmation's routes: the shopper's, the link's, and WhatsApp's webhook with its secrets. */
function codRoutesOptions(
  { config, db, clock }: CommerceDeps,
  jobs: JobRunner,
  orders: OrdersService,
  cod: CodConfirmationService,
) {
  const { verifyToken, appSecret } = config.messaging.whatsapp;
  return { cod, orders, verifyToken, webhook: { db, clock, jobs, orders, cod, appSecret } };
}

/** The pages at the site's root: the COD confirmation's e-mailed link. */
const codPages =
  (cod: CodConfirmationService): FastifyPluginAsync =>
  async (site) => {
    await site.register(codConfirmationPages, { cod });
  };

export function setUpCommerce(deps: CommerceDeps): Commerce {
  const { config, db, clock, log } = deps;
  const pool = poolOf(db);
  const jobs = createJobRunner({ pool, ...(log ? { log } : {}) });
  const reservationMinutes = config.orders.reservationMinutes;

  // The settings in force (what staff set over the environment's values): the owners' e-mail and the contact.
  const defaults = settingsDefaults(config);
  const settingsIn = (executor: Executor) => storeSettingsIn(executor, defaults);
  const owners: OwnerNotices = createOwnerNotices({ settings: settingsIn });
  const invoices = invoicesService(deps, jobs, settingsIn);
  const orders = createOrdersService({
    db,
    clock,
    jobs,
    invoicing: invoices.hook,
    newOrderNotice: owners.orderConfirmed,
    reservationMinutes,
    openFulfilment: fulfilmentOpener(config.fulfilment.provider),
    ...ordersSettings(config),
    ...(log ? { log } : {}),
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
  const invoiceLinks = createInvoiceLinks({ db, clock, jwtSecret: config.accounts.jwtSecret });
  const codConfirmation = codConfirmationService(deps, jobs, orders, settingsIn);
  const sendEmails = emailSender(deps, settingsIn, invoiceLinks, codConfirmation);

  const returns = createReturnsService({
    db,
    clock,
    orders,
    refunds,
    publicUrl: config.publicUrl,
    mediaDir: config.mediaDir,
    videoDir: path.join(config.dataDir, 'returns'),
  });

  defineJobs(jobs, {
    orders,
    payments,
    fulfilment,
    refunds,
    invoices,
    sendEmails,
    owners: { enqueueDigests: () => owners.enqueueDigests(db, clock.now()) },
  });
  schedulePeriodicJobs(jobs, deps);
  defineCodJobs(jobs, codConfirmation);

  const routes: FastifyPluginAsync = async (api) => {
    await api.register(ordersRoutes, { orders });
    await api.register(paymentsRoutes, { payments });
    await api.register(returnRoutes, { returns });
    await api.register(invoiceRoutes, { db, invoices, links: invoiceLinks });
    await api.register(codConfirmationRoutes, codRoutesOptions(deps, jobs, orders, codConfirmation));
  };
  const pages = codPages(codConfirmation);
  return { jobs, orders, payments, fulfilment, refunds, returns, invoices, codConfirmation, routes, pages };
}
