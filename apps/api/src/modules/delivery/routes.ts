// GET /delivery/{pincode} for the shop, and the back office's delivery settings and report (docs/delivery.md).
import {
  DELIVERY_MESSAGES,
  deliveryLookupSchema,
  deliveryQuerySchema,
  deliveryReportQuerySchema,
  deliveryReportSchema,
  deliverySettingsResponseSchema,
  deliverySettingsSchema,
  pincodeParamsSchema,
} from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pinDelivery } from '../../integrations/pincode/directory.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { notFound } from '../../lib/errors.ts';
import { changeAudited } from '../../plugins/admin.ts';
import { pinServiceability, promiseFor } from './promise.ts';
import { createDeliveryReads } from './reads.ts';
import { deliveryReport } from './report.ts';
import { readDeliverySettings, type StoredDeliverySettings, writeDeliverySettings } from './settings.ts';

interface DeliveryAdminOptions {
  db: Db;
  clock: Clock;
}

interface DeliveryRoutesOptions extends DeliveryAdminOptions {
  /** Whether cash on delivery can go to the PIN: the courier's flag and the owner's COD lists (docs/cod.md). */
  codServesPin: (pincode: string) => Promise<boolean>;
}

export const deliveryRoutes: FastifyPluginAsyncZod<DeliveryRoutesOptions> = async (
  app,
  { db, clock, codServesPin },
) => {
  const reads = createDeliveryReads(db, app.catalogueChanges);
  app.get(
    '/delivery/:pincode',
    {
      config: { rateLimitGroup: 'pincode' },
      schema: {
        params: pincodeParamsSchema,
        querystring: deliveryQuerySchema,
        response: { 200: deliveryLookupSchema },
      },
    },
    async (req, reply) => {
      const { pincode } = req.params;
      const place = pinDelivery(pincode);
      const service = pinServiceability(pincode);
      if (!place || !service) throw notFound(DELIVERY_MESSAGES.unknownPin);
      const settings = await reads.settings();
      const production = await reads.productionDays(settings, req.query.productId ?? []);
      const promise = promiseFor(settings, pincode, production, clock.now())!;
      // The date moves at the cut-off: no shared cache may keep it.
      reply.header('Cache-Control', 'private, no-store');
      return {
        pincode,
        city: place.district,
        state: place.state,
        serviceable: service.serviceable,
        cod: service.courierCod && (await codServesPin(pincode)),
        deliveryBy: promise.deliveryBy,
        cutoffAt: promise.cutoffAt.toISOString(),
      };
    },
  );
};

function settingsAnswer({ settings, updatedAt }: StoredDeliverySettings) {
  const origin = pinDelivery(settings.originPincode);
  return {
    settings,
    origin: origin ? { city: origin.district, state: origin.state } : null,
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

export const deliveryAdminRoutes: FastifyPluginAsyncZod<DeliveryAdminOptions> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/settings/delivery',
    {
      config: { permission: 'settings:read' },
      schema: { response: { 200: deliverySettingsResponseSchema } },
    },
    async () => settingsAnswer(await readDeliverySettings(db)),
  );
  app.put(
    '/settings/delivery',
    {
      config: { permission: 'settings:write' },
      schema: { body: deliverySettingsSchema, response: { 200: deliverySettingsResponseSchema } },
    },
    async (req) =>
      changeAudited(db, req, 'delivery-settings.update', async (c) => {
        const before = await readDeliverySettings(c.tx, true);
        const updatedAt = await writeDeliverySettings(c.tx, req.body, clock.now());
        await c.record({
          action: 'delivery-settings.update',
          entityType: 'delivery-settings',
          entityId: 'store',
          // The settings in force before, the defaults while nothing was saved.
          before: { ...before.settings },
          after: { ...req.body },
        });
        return settingsAnswer({ settings: req.body, updatedAt });
      }),
  );
  app.get(
    '/delivery/report',
    {
      config: { permission: 'reports:read' },
      schema: { querystring: deliveryReportQuerySchema, response: { 200: deliveryReportSchema } },
    },
    async (req) => deliveryReport(db, clock.now(), req.query),
  );
};
