// GET and PUT /api/v1/admin/settings (docs/admin.md#categories-size-charts-and-settings): the owner's alone.
import { adminSettingsBodySchema, adminSettingsResponseSchema } from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { changeAudited } from '../../plugins/admin.ts';
import type { SettingsService } from './service.ts';

export interface SettingsAdminRoutesOptions {
  db: Db;
  settings: SettingsService;
}

export const settingsAdminRoutes: FastifyPluginAsyncZod<SettingsAdminRoutesOptions> = async (
  app,
  { db, settings },
) => {
  app.get(
    '/settings',
    {
      config: { permission: 'settings:read' },
      schema: { response: { 200: adminSettingsResponseSchema } },
    },
    async () => settings.read(),
  );
  app.put(
    '/settings',
    {
      config: { permission: 'settings:write' },
      schema: { body: adminSettingsBodySchema, response: { 200: adminSettingsResponseSchema } },
    },
    async (req) => changeAudited(db, req, 'settings.update', (c) => settings.put(c, req.body)),
  );
};
