import { pincodeParamsSchema, postalLookupResponseSchema } from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lookupPincode } from '../../integrations/pincode/directory.ts';

/**
 * GET /pincode/{pin} answers in the shape of the public India Post lookup (the first client reads Status and
 * PostOffice[0]), so that client works unchanged with only its base URL pointed here; see decision 005.
 */
export const pincodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pincode/:pincode',
    {
      config: { rateLimitGroup: 'pincode' },
      schema: { params: pincodeParamsSchema, response: { 200: postalLookupResponseSchema } },
    },
    async (req, reply) => {
      const offices = lookupPincode(req.params.pincode);
      // The directory changes a few times a year: let browsers and CDNs keep answers for a day.
      reply.header('Cache-Control', 'public, max-age=86400');
      return offices.length
        ? [
            {
              Message: `Number of pincode(s) found:${offices.length}`,
              Status: 'Success',
              PostOffice: offices,
            },
          ]
        : [{ Message: 'No records found', Status: 'Error', PostOffice: null }];
    },
  );
};
