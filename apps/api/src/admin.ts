// The back office's API under /api/v1/admin (docs/admin.md): the kernel first (permissions, staff sign-in,
// audited changes), then each module's admin routes.
import { PRODUCT_CSV_MAX_BYTES } from '@rangrez/contract/schemas';
import type { FastifyInstance } from 'fastify';
import type { Commerce } from './commerce.ts';
import type { Config } from './env.ts';
import type { Clock } from './lib/clock.ts';
import type { Db } from './lib/db.ts';
import { createLoginThrottle } from './modules/accounts/index.ts';
import type { AccountsService } from './modules/accounts/service.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { createAdminCsvService } from './modules/catalogue/admin-csv.ts';
import { adminCategoryRoutes } from './modules/catalogue/admin-categories-routes.ts';
import { createAdminCategoriesService } from './modules/catalogue/admin-categories-service.ts';
import { adminCsvRoutes } from './modules/catalogue/admin-csv-routes.ts';
import { adminCatalogueRoutes } from './modules/catalogue/admin-routes.ts';
import { createAdminCatalogueService } from './modules/catalogue/admin-service.ts';
import { adminSlideRoutes } from './modules/catalogue/admin-slides-routes.ts';
import { createAdminSlidesService } from './modules/catalogue/admin-slides-service.ts';
import { adminMediaRoutes } from './modules/media/admin-routes.ts';
import { adminSubscriberRoutes, createAdminSubscribersService } from './modules/newsletter/index.ts';
import { booksAdminRoutes, createBooksService } from './modules/books/index.ts';
import { codAdminRoutes, codDefaultsOf, createCodAdminService } from './modules/cod/index.ts';
import { dashboardAdminRoutes } from './modules/dashboard/index.ts';
import { deliveryAdminRoutes } from './modules/delivery/index.ts';
import { invoiceAdminRoutes } from './modules/invoices/index.ts';
import { orderAdminRoutes } from './modules/orders/index.ts';
import { ordersDeskRoutes } from './modules/orders-desk/index.ts';
import { codConfirmationAdminRoutes } from './modules/cod-confirmation/index.ts';
import { adminPromotionRoutes, createAdminPromotionsService } from './modules/promotions/index.ts';
import { webhookAdminRoutes } from './modules/payments/admin-routes.ts';
import { refundAdminRoutes } from './modules/refunds/index.ts';
import { returnAdminRoutes } from './modules/returns/index.ts';
import { type ReviewsService, reviewAdminRoutes } from './modules/reviews/index.ts';
import { adminSearchRoutes } from './modules/search/index.ts';
import { adminBackInStockRoutes } from './modules/back-in-stock/index.ts';
import { createSettingsService, settingsAdminRoutes, settingsDefaults } from './modules/settings/index.ts';
import { createStaffService, createStaffTokens, staffRoutes } from './modules/staff/index.ts';
import { registerAdminKernel } from './plugins/admin.ts';

export interface AdminDeps {
  config: Config;
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  reviews: ReviewsService;
  commerce: Pick<Commerce, 'orders' | 'refunds' | 'jobs' | 'returns' | 'invoices' | 'codConfirmation'>;
}

export async function registerAdminApi(
  api: FastifyInstance,
  { config, db, clock, accounts, reviews, commerce }: AdminDeps,
) {
  const staff = createStaffService({
    db,
    clock,
    tokens: createStaffTokens({ db, clock, jwtSecret: config.accounts.jwtSecret }),
    throttle: createLoginThrottle(db),
    publicUrl: config.publicUrl,
    twoFactor: config.staff.twoFactor,
  });
  await api.register(
    async (scope) => {
      registerAdminKernel(scope, {
        db,
        authenticateStaff: staff.authenticate,
        isShopperToken: async (token) => (await accounts.authenticate(token)) !== null,
      });
      // The id the change's audit rows carry, for support and for the audit coverage test.
      scope.addHook('onSend', async (req, reply) => {
        reply.header('x-request-id', req.id);
      });
      // Product CSV files come as text (POST /admin/products/import); only the back office takes them.
      scope.addContentTypeParser(
        'text/csv',
        { parseAs: 'string', bodyLimit: PRODUCT_CSV_MAX_BYTES },
        (_req, body, done) => done(null, body),
      );
      await scope.register(staffRoutes, { staff });
      await scope.register(auditRoutes, { db });
      await scope.register(adminCatalogueRoutes, {
        db,
        products: createAdminCatalogueService({ db, clock, publicUrl: config.publicUrl }),
      });
      await scope.register(adminSlideRoutes, {
        db,
        slides: createAdminSlidesService({ db, clock, publicUrl: config.publicUrl }),
      });
      await scope.register(adminCsvRoutes, { db, csv: createAdminCsvService({ db, clock }) });
      await scope.register(adminCategoryRoutes, {
        db,
        categories: createAdminCategoriesService({ db, publicUrl: config.publicUrl }),
      });
      await scope.register(settingsAdminRoutes, {
        db,
        settings: createSettingsService({ db, defaults: settingsDefaults(config) }),
      });
      await scope.register(adminPromotionRoutes, {
        db,
        promotions: createAdminPromotionsService({ db, clock }),
      });
      await scope.register(adminSubscriberRoutes, { subscribers: createAdminSubscribersService({ db }) });
      await scope.register(reviewAdminRoutes, { reviews });
      await scope.register(orderAdminRoutes, { db, orders: commerce.orders });
      await scope.register(refundAdminRoutes, { db, refunds: commerce.refunds, orders: commerce.orders });
      await scope.register(ordersDeskRoutes, {
        db,
        clock,
        jobs: commerce.jobs,
        publicUrl: config.publicUrl,
        orders: commerce.orders,
        refunds: commerce.refunds,
      });
      await scope.register(webhookAdminRoutes, { db, clock, jobs: commerce.jobs });
      await scope.register(codConfirmationAdminRoutes, { db, cod: commerce.codConfirmation });
      await scope.register(returnAdminRoutes, { db, returns: commerce.returns });
      await scope.register(invoiceAdminRoutes, { invoices: commerce.invoices });
      await scope.register(booksAdminRoutes, { books: createBooksService({ db }) });
      await scope.register(dashboardAdminRoutes, { db, clock });
      await scope.register(deliveryAdminRoutes, { db, clock });
      await scope.register(codAdminRoutes, {
        db,
        clock,
        cod: createCodAdminService({ db, clock, defaults: codDefaultsOf(config.orders.codMaxOpenPerPhone) }),
      });
      await scope.register(adminSearchRoutes, { db, clock }).register(adminBackInStockRoutes, { db });
      // The only multipart route of the store: the parser is registered inside this plugin alone.
      await scope.register(adminMediaRoutes, { db, mediaDir: config.mediaDir, publicUrl: config.publicUrl });
    },
    { prefix: '/admin' },
  );
}
