import { subcategoriesResponseSchema } from '@rangrez/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogueService } from './service.ts';

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get('/subcategories', { schema: { response: { 200: subcategoriesResponseSchema } } }, async () => ({
    success: true as const,
    data: await catalogue.subcategories(),
  }));
};
