// Staff's word on a COD order (docs/admin.md#orders): confirmed after a phone call, or cancelled, with a note of
// what was said; orders:write, audited in the transaction that makes the change.
import { COD_CONFIRMATION_MESSAGES as M } from '@rangrez/contract/rules';
import {
  adminCodConfirmationBodySchema,
  adminDeskActionResponseSchema,
  adminOrderParamsSchema,
} from '@rangrez/contract/schemas';
import { errorResponseSchema } from '@rangrez/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { auditActor, changeAudited } from '../../plugins/admin.ts';
import type { CodConfirmationService } from './service.ts';

export const codConfirmationAdminRoutes: FastifyPluginAsyncZod<{
  db: Db;
  cod: CodConfirmationService;
}> = async (app, { db, cod }) => {
  app.post(
    '/orders/:orderId/cod-confirmation',
    {
      config: { permission: 'orders:write' },
      schema: {
        params: adminOrderParamsSchema,
        body: adminCodConfirmationBodySchema,
        response: {
          200: adminDeskActionResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (req) => {
      const { action, note } = req.body;
      const what = action === 'confirm' ? 'order.cod_confirm' : 'order.cod_cancel';
      await changeAudited(db, req, what, (c) =>
        cod.decideByStaffInTx(c, req.params.orderId, { action, note, email: auditActor(req).email }),
      );
      return { success: true as const, message: action === 'confirm' ? M.confirmed : M.cancelled };
    },
  );
};
