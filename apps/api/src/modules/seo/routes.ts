// /sitemap.xml and /robots.txt for search engines. Absolute URLs come from PUBLIC_URL, so a store behind a proxy
// or on its own domain advertises the right address.
import { toSlug } from '@rangrez/contract/rules';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../lib/db.ts';
import { listActiveProductStamps, listCollections } from './repository.ts';

/** Pages every visitor may see; the shopper's own pages are kept out of the index (robots.txt). */
export const STATIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/privacy',
  '/return',
  '/shipping',
  '/terms',
] as const;
export const PRIVATE_PATHS = [
  '/cart',
  '/place-order',
  '/profile',
  '/orders',
  '/wishlist',
  '/login',
  '/signup',
  '/successPage',
] as const;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] as string);

function urlEntry(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${xml(loc)}</loc>${modified}</url>`;
}

/**
 * One sitemap file: the protocol allows 50,000 URLs, far above a catalogue of 10,000 products; a larger store
 * would need a sitemap index.
 */
export async function buildSitemap(db: Db, publicUrl: string): Promise<string> {
  const [productRows, collections] = await Promise.all([listActiveProductStamps(db), listCollections(db)]);
  const lines = [
    ...STATIC_PAGES.map((page) => urlEntry(`${publicUrl}${page}`)),
    ...collections.map((c) =>
      urlEntry(
        `${publicUrl}/collection/${encodeURIComponent(toSlug(c.group))}/${encodeURIComponent(toSlug(c.sub))}`,
        c.updatedAt,
      ),
    ),
    ...productRows.map((p) => urlEntry(`${publicUrl}/product/${p.id}`, p.updatedAt)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

export function buildRobots(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export const seoRoutes: FastifyPluginAsync<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  app.get('/sitemap.xml', { config: { httpCache: true } }, async (_req, reply) =>
    reply.type('application/xml; charset=utf-8').send(await buildSitemap(db, publicUrl)),
  );
  const robots = buildRobots(publicUrl);
  app.get('/robots.txt', { config: { httpCache: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(robots),
  );
};
