// Revalidation for catalogue reads: routes with `config: { httpCache: true }` get a weak ETag of their body and
// answer a matching If-None-Match with 304, so a client that already has the list or product pays one round
// trip and no body. Cache-Control makes every use revalidate: a price or stock change is visible at once.
// No stale-while-revalidate: it would let a browser show a stale price or stock label once after a change.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Give 200 answers of this GET route an ETag and revalidating Cache-Control, and answer 304 on a match. */
    httpCache?: boolean;
  }
}

export const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Weak: the same JSON is sent compressed or not, byte-different but semantically one representation. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ prefixes are ignored, `*` matches anything. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/**
 * Registers the hook on the root instance. It must be added before @fastify/compress: onSend hooks run in the
 * order they were added, and the ETag is computed from the uncompressed body.
 */
export function registerHttpCache(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.routeOptions.config?.httpCache) return payload;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    reply.header('etag', etag);
    reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
    if (ifNoneMatchMatches(req.headers['if-none-match'], etag)) {
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
