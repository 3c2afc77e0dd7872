// GET /api/v1/search and /api/v1/search/suggest (docs/api.md#search). Answers are not HTTP-cached (the service
// caches them): a search that finds nothing is counted in the zero-result log each time it is made.
import {
  searchQuerySchema,
  searchResponseSchema,
  searchSuggestQuerySchema,
  searchSuggestionsSchema,
} from '@rangrez/contract/schemas';
import { errorResponseSchema } from '@rangrez/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchService } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/search',
    {
      schema: {
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, 400: errorResponseSchema },
      },
    },
    async (req) => search.search(req.query),
  );
  app.get(
    '/search/suggest',
    { schema: { querystring: searchSuggestQuerySchema, response: { 200: searchSuggestionsSchema } } },
    async (req) => search.suggest(req.query.q ?? ''),
  );
};
