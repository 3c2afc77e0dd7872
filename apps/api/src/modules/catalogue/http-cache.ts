// Catalogue reads over HTTP: routes with `config: { httpCache: true }` (catalogue, sitemap, robots) get
//   - a weak ETag of their body and a 304 for a matching If-None-Match, so a client that already has the list or
//     product pays one round trip and no body; Cache-Control makes every use revalidate, so a price or stock change
//     is visible at once (no stale-while-revalidate: a browser would show a stale price or stock label once);
//   - an in-process answer cache (docs/decisions/010-catalogue-cache.md): the serialised body, its ETag and its
//     compressed forms, per URL, dropped as soon as the catalogue changes anywhere (lib/change-feed.ts). A hit
//     skips validation, the database, serialisation, hashing and compression. A handler whose answer the clock
//     alone will change (the active slides, when a window opens or closes) sets `reply.answerExpiresAt`.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { ReadCache } from '../../lib/read-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Give 200 answers of this GET route an ETag and revalidating Cache-Control, and answer 304 on a match. */
    httpCache?: boolean;
  }
  interface FastifyRequest {
    /** The change-feed generation when this request looked in the answer cache; -1 when it did not. */
    answerCacheGeneration: number;
  }
  interface FastifyReply {
    /** The answer came from the cache: headers and encoding are final. */
    servedFromCache: boolean;
    /** Set by a handler: the answer is not to be served from the cache from this instant on. */
    answerExpiresAt: Date | null;
  }
}

export const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
/** Below this, compressing costs more than it saves (the same threshold as @fastify/compress's). */
const COMPRESS_THRESHOLD = 1024;
const MAX_ANSWERS = 2_000;
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

type Encoding = 'br' | 'gzip';

export interface CachedAnswer {
  body: string;
  etag: string;
  contentType: string;
  totalCount: string | undefined;
  /** Compressed once, on first demand. */
  encoded: Partial<Record<Encoding, Buffer>>;
}

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

/** br when acceptable, else gzip, else none: an encoding with q=0 is refused (RFC 9110 §12.5.3). */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return undefined;
}

function encode(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          // Paid once per answer and change, not per request: worth more than compress's per-request 4.
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : zlib.gzipSync(body, { level: 9 });
}

/** The body for this request: compressed when the client accepts it (headers set accordingly). */
function bodyFor(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): string | Buffer {
  if (answer.body.length < COMPRESS_THRESHOLD) return answer.body;
  // Added to what is there: the API's answers also vary by Origin (plugins/cors.ts).
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const encoding = preferredEncoding(req.headers['accept-encoding']);
  if (!encoding) return answer.body;
  const encoded = (answer.encoded[encoding] ??= encode(answer.body, encoding));
  reply.header('content-encoding', encoding);
  reply.header('content-length', encoded.length);
  return encoded;
}

function notModified(reply: FastifyReply): '' {
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  reply.removeHeader('content-encoding');
  return '';
}

/**
 * Registers the hooks on the root instance, before any route. The lookup runs in preValidation, after every
 * onRequest hook (security headers, CORS) and before validation and the handler.
 */
export function registerHttpCache(app: FastifyInstance, feed: ChangeFeed, clock: Clock) {
  const answers = new ReadCache<CachedAnswer>(feed, {
    clock,
    maxEntries: MAX_ANSWERS,
    maxSize: MAX_ANSWER_BYTES,
    // Room for the compressed forms too.
    sizeOf: (answer) => answer.body.length * 1.5,
  });
  app.decorate('answerCache', answers);
  app.decorateRequest('answerCacheGeneration', -1);
  app.decorateReply('servedFromCache', false);
  app.decorateReply('answerExpiresAt', null);

  // These routes compress their answers themselves (bodyFor, once per answer), and a GET has no body to
  // decompress: @fastify/compress's three hooks would only look and pass on every request, a measurable share of
  // a cached answer's cost (README.md, Performance). Added before the compress plugin, so its own onRoute
  // hook sees the choice.
  app.addHook('onRoute', (route) => {
    if (!route.config?.httpCache) return;
    route.compress ??= false;
    route.decompress ??= false;
  });

  app.addHook('preValidation', async (req, reply) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.httpCache) return;
    const answer = answers.get(req.url);
    if (!answer) {
      req.answerCacheGeneration = answers.generation;
      return;
    }
    reply.servedFromCache = true;
    reply.header('etag', answer.etag);
    reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
    if (ifNoneMatchMatches(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
    reply.header('content-type', answer.contentType);
    if (answer.totalCount !== undefined) reply.header('x-total-count', answer.totalCount);
    return reply.send(bodyFor(req, reply, answer));
  });

  // onSend hooks run in the order they were added: this one sees the uncompressed body.
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.servedFromCache || !req.routeOptions.config?.httpCache) return payload;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string') return payload;
    const answer: CachedAnswer = {
      body: payload,
      etag: etagOf(payload),
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      totalCount: reply.getHeader('x-total-count') as string | undefined,
      encoded: {},
    };
    if (req.method === 'GET' && req.answerCacheGeneration >= 0) {
      answers.set(req.url, answer, req.answerCacheGeneration, reply.answerExpiresAt);
    }
    reply.header('etag', answer.etag);
    reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
    if (ifNoneMatchMatches(req.headers['if-none-match'], answer.etag)) return notModified(reply);
    return bodyFor(req, reply, answer);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: ReadCache<CachedAnswer>;
  }
}
