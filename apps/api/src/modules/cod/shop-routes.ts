// The shopper's cash on delivery calls under /api/v1 (docs/api.md#cash-on-delivery): whether the checkout's order
// may be paid in cash, and the fee for the pages that mention it.
import {
  checkoutCodQuerySchema,
  checkoutCodResponseSchema,
  codFeeResponseSchema,
} from '@rangrez/contract/schemas';
import {
  COD_MESSAGES,
  type CodRulesValues,
  normaliseIndianPhone,
  rupeesToPaise,
} from '@rangrez/contract/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../lib/db.ts';
import { currentUser } from '../../plugins/auth.ts';
import { codFeeRupeesIn, codVerdict } from './checks.ts';

/** The fee changes when the owner saves the rules: a minute's staleness on a policy page is harmless. */
const FEE_MAX_AGE_SECONDS = 60;

export interface CodShopRoutesOptions {
  db: Db;
  /** The rules before the owner saves any (codDefaultsOf). */
  defaults: CodRulesValues;
}

export const codShopRoutes: FastifyPluginAsyncZod<CodShopRoutesOptions> = async (app, { db, defaults }) => {
  app.get(
    '/checkout/cod',
    {
      onRequest: app.authenticate,
      config: { rateLimitGroup: 'cod-checks' },
      schema: { querystring: checkoutCodQuerySchema, response: { 200: checkoutCodResponseSchema } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { pincode, value, phone } = req.query;
      const verdict = await codVerdict(
        db,
        {
          valuePaise: rupeesToPaise(value),
          pincode,
          phone: normaliseIndianPhone(phone ?? ''),
          userId: currentUser(req).id,
        },
        defaults,
      );
      const fee = await codFeeRupeesIn(db);
      return verdict.ok
        ? { success: true as const, available: true, message: COD_MESSAGES.available, fee }
        : { success: true as const, available: false, message: verdict.message, fee };
    },
  );
  app.get('/cod/fee', { schema: { response: { 200: codFeeResponseSchema } } }, async (_req, reply) => {
    reply.header('cache-control', `public, max-age=${FEE_MAX_AGE_SECONDS}`);
    return { success: true as const, fee: await codFeeRupeesIn(db) };
  });
};
