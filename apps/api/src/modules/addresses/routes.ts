// The address book's calls (docs/api.md#address-book): ours, next to the spec's profile. Bearer only; the caller
// is the token's user, and ids name only the caller's own addresses.
import {
  ADDRESS_MESSAGES,
  addressBodySchema,
  addressesResponseSchema,
  addressParamsSchema,
  addressPatchSchema,
  addressResponseSchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import { errorResponseSchema } from '@rangrez/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AddressBook } from './service.ts';

const BODY_LIMIT = 16 * 1024;
const errors = { 404: errorResponseSchema, 409: errorResponseSchema };

export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressBook }> = async (
  app,
  { addresses },
) => {
  acceptEmptyJsonBody(app);
  // Personal data: never to be kept by a browser or proxy cache.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onRequest', app.authenticate);

  app.get('/addresses', { schema: { response: { 200: addressesResponseSchema } } }, async (req) => ({
    success: true as const,
    addresses: await addresses.list(currentUser(req).id),
    message: ADDRESS_MESSAGES.listed,
  }));

  app.post(
    '/addresses',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: addressBodySchema,
        response: { 200: addressResponseSchema, 201: addressResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { address, created } = await addresses.add(currentUser(req).id, req.body);
      return reply
        .code(created ? 201 : 200)
        .send({ success: true as const, address, message: ADDRESS_MESSAGES.saved });
    },
  );

  app.patch(
    '/addresses/:id',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        params: addressParamsSchema,
        body: addressPatchSchema,
        response: { 200: addressResponseSchema, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      address: await addresses.update(currentUser(req).id, req.params.id, req.body),
      message: ADDRESS_MESSAGES.updated,
    }),
  );

  app.delete(
    '/addresses/:id',
    {
      schema: {
        params: addressParamsSchema,
        response: { 200: successMessageResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      await addresses.remove(currentUser(req).id, req.params.id);
      return { success: true as const, message: ADDRESS_MESSAGES.deleted };
    },
  );
};
