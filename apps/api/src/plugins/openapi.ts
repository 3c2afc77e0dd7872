// The API's OpenAPI 3.1 document, generated from the zod schemas each route already validates and serialises
// with, so the document cannot drift from what the server does. Served at /api/v1/openapi.json; a rendered
// reference (Swagger UI) at /api/docs, whose scripts and styles are served under /api/docs/static and referenced
// by no other page. Register before any route: @fastify/swagger collects routes as they are added (onRoute).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorResponseSchema } from '@rangrez/contract/errors';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_PREFIX } from '../lib/api-prefix.ts';

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;
export const DOCS_PREFIX = '/api/docs';

/**
 * Only the public API belongs in the document: pages, media, the stand-ins (/__razorpay, /__qikink, /__google),
 * the reference itself and the JSON 404 catch-alls stay out.
 */
export function isDocumented(url: string): boolean {
  return url.startsWith(`${API_PREFIX}/`) && !url.endsWith('*');
}

export async function registerOpenApi(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const fromZod = createJsonSchemaTransform({ skipList: [] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rangrez store API',
        version: '1',
        description:
          'The JSON API of the Rangrez store. Errors answer `{ "success": false, "message": "..." }`. Signed-in ' +
          'calls send `Authorization: Bearer <accessToken>` from /login, /signup or /refresh-token.',
      },
      servers: [{ url: new URL(publicUrl).origin }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // HEAD answers what GET does; listing both only doubles the document.
    exposeHeadRoutes: false,
    transform: (route) => {
      if (!isDocumented(route.url)) return { schema: { hide: true }, url: route.url };
      // Every route may fail with the contract's error shape (400 for bad input, 401, 429, 5xx...): the document
      // says so once per route instead of each route listing every status.
      const response = { default: errorResponseSchema, ...(route.schema?.response as object | undefined) };
      return fromZod({ ...route, schema: { ...route.schema, response } });
    },
    transformObject: createJsonSchemaTransformObject({}),
  });

  app.get(
    OPENAPI_PATH,
    { schema: { summary: 'This document (OpenAPI 3.1)', tags: ['system'] } },
    (_req, reply) => reply.send(app.swagger()),
  );

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Swagger UI loads only files from this origin: the store's own CSP (scripts from 'self') already fits, so no
    // exception is made for this page.
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
    validatorUrl: false,
  });
}
