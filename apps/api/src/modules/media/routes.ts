import { createReadStream } from 'node:fs';
import { parseVariantFileName } from '@rangrez/db/media/formats';
import { getVariant } from '@rangrez/db/media/variants';
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/errors.ts';

const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 500"><rect width="400" height="500" fill="#e5e5e5"/><text x="200" y="255" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#737373">Image Not Found</text></svg>`;

/** Image variants are rendered on first request and cached on disk; names are content-addressed (decision 003). */
export const mediaRoutes: FastifyPluginAsync<{ mediaDir: string }> = async (app, { mediaDir }) => {
  app.get('/media/placeholder.svg', async (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(PLACEHOLDER),
  );
  app.get<{ Params: { file: string } }>('/media/:file', async (req, reply) => {
    const parsed = parseVariantFileName(req.params.file);
    const variant = parsed && (await getVariant(mediaDir, parsed.key, parsed.width, parsed.format));
    if (!variant) throw notFound('Image not found');
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .type(variant.contentType)
      .send(createReadStream(variant.path));
  });
};
