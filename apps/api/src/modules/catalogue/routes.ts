// Catalogue endpoints under /api/v1 (docs/api.md). Handlers validate, call the service and shape the reply; every
// GET opts into the ETag/304 revalidation of http-cache.ts.
import { errorResponseSchema } from '@rangrez/contract/errors';
import {
  activeSlidersResponseSchema,
  productColourErrorResponseSchema,
  productColourImagesResponseSchema,
  productColourParamsSchema,
  productColoursResponseSchema,
  productDetailQuerySchema,
  productDetailSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productsByCategoryParamsSchema,
  sliderIdParamsSchema,
  sliderResponseSchema,
  slidersListQuerySchema,
  slidersListResponseSchema,
  subcategoriesResponseSchema,
  successMessageResponseSchema,
} from '@rangrez/contract/schemas';
import type { ProductQuery } from '@rangrez/contract/services';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import type { SlideEventKind } from './repository.ts';
import type { CatalogueService } from './service.ts';

const cached = { httpCache: true } as const;

type CatalogueApp = Parameters<FastifyPluginAsyncZod<{ catalogue: CatalogueService }>>[0];

/** The home slider: slides, and the impression and click counters. */
async function slideRoutes(app: CatalogueApp, catalogue: CatalogueService): Promise<void> {
  app.get(
    '/activeSliders',
    { config: cached, schema: { response: { 200: activeSlidersResponseSchema } } },
    async (_req, reply) => {
      const { slides, until } = await catalogue.activeSlideList();
      // A window opening or closing changes this answer without any write to announce it.
      reply.answerExpiresAt = until;
      return { success: true as const, data: slides };
    },
  );

  app.get(
    '/sliders',
    {
      config: cached,
      schema: { querystring: slidersListQuerySchema, response: { 200: slidersListResponseSchema } },
    },
    async (req) => ({ success: true as const, ...(await catalogue.slides(req.query)) }),
  );

  app.get(
    '/slider/:id',
    {
      config: cached,
      schema: {
        params: sliderIdParamsSchema,
        response: { 200: sliderResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const slide = await catalogue.slide(req.params.id);
      if (!slide) throw notFound('Slide not found');
      return { success: true as const, data: slide };
    },
  );

  // Impression and click take no body. A client that still sends one (or an empty JSON body with a JSON content
  // type) is not refused for it: these routes read nothing from the body.
  await app.register(async (counters) => {
    counters.removeAllContentTypeParsers();
    counters.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) => done(null, undefined));
    const counter =
      (kind: SlideEventKind, message: string) => async (req: FastifyRequest<{ Params: { id: string } }>) => {
        const found = await catalogue.recordSlideEvent(req.params.id, kind, {
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? '',
        });
        if (!found) throw notFound('Slide not found');
        // The same answer whether or not this visitor was already counted in the window.
        return { success: true as const, message };
      };
    const schema = {
      params: sliderIdParamsSchema,
      response: { 200: successMessageResponseSchema, 404: errorResponseSchema },
    };
    const options = { config: { rateLimitGroup: 'slider-events' as const }, schema };
    counters.post('/slider/:id/impression', options, counter('impression', 'Impression recorded'));
    counters.post('/slider/:id/click', options, counter('click', 'Click recorded'));
  });
}

/** One product: its details, one colour's images, and its colours. */
function productDetailRoutes(app: CatalogueApp, catalogue: CatalogueService): void {
  app.get(
    '/product/:id',
    {
      config: cached,
      schema: {
        params: productIdParamsSchema,
        querystring: productDetailQuerySchema,
        response: { 200: productDetailSchema, 404: errorResponseSchema },
      },
    },
    async (req) => {
      const product = await catalogue.product(req.params.id, {
        includeRecommendations: req.query.includeRecommendations,
      });
      if (!product) throw notFound('Product not found');
      return product;
    },
  );

  app.get(
    '/product/:id/color/:color',
    {
      config: cached,
      schema: {
        params: productColourParamsSchema,
        response: { 200: productColourImagesResponseSchema, 404: productColourErrorResponseSchema },
      },
    },
    async (req, reply) => {
      const result = await catalogue.colourImages(req.params.id, req.params.color);
      if (result.status === 'unknown-product') throw notFound('Product not found');
      if (result.status === 'unknown-colour') {
        return reply.code(404).send({
          success: false as const,
          message: `Color ${req.params.color} is not available for this product`,
          availableColors: result.availableColors,
        });
      }
      return {
        success: true as const,
        images: result.images,
        colorCode: result.colorCode,
        totalImages: result.images.length,
        message:
          result.images.length > 0
            ? `Found ${result.images.length} images for color ${result.colorCode}`
            : `No images for color ${result.colorCode}`,
        availableColors: result.availableColors,
      };
    },
  );

  app.get(
    '/product/:id/colors',
    {
      config: cached,
      schema: {
        params: productIdParamsSchema,
        response: { 200: productColoursResponseSchema, 404: productColourErrorResponseSchema },
      },
    },
    async (req) => {
      const result = await catalogue.colours(req.params.id);
      if (!result) throw notFound('Product not found');
      return {
        success: true as const,
        colorImages: result.colorImages,
        availableColors: result.availableColors,
        totalColors: result.availableColors.length,
        message: `Found ${result.availableColors.length} colors`,
      };
    },
  );
}

/** Collections and product lists; then each product on its own. */
function productRoutes(app: CatalogueApp, catalogue: CatalogueService): void {
  app.get(
    '/subcategories',
    { config: cached, schema: { response: { 200: subcategoriesResponseSchema } } },
    async () => ({ success: true as const, data: await catalogue.subcategories() }),
  );

  const productList = async (reply: FastifyReply, query: ProductQuery) => {
    const { products, total, until } = await catalogue.listProducts(query);
    reply.header('x-total-count', String(total));
    // Newly Added changes with the clock alone (modules/catalogue/newly-added.ts).
    reply.answerExpiresAt = until;
    return { products };
  };

  app.get(
    '/products',
    {
      config: cached,
      schema: { querystring: productListQuerySchema, response: { 200: productListResponseSchema } },
    },
    async (req, reply) => productList(reply, req.query),
  );

  app.get(
    '/products/:category/:subCategory',
    {
      config: cached,
      schema: {
        params: productsByCategoryParamsSchema,
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema },
      },
    },
    async (req, reply) => productList(reply, { ...req.query, ...req.params }),
  );
  productDetailRoutes(app, catalogue);
}

export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  await slideRoutes(app, catalogue);
  productRoutes(app, catalogue);
};
