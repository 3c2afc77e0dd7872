// CORS for the JSON API: the answers @fastify/cors gave with our options (the configured origins, the preflight
// with its methods, headers and max-age, strict about what a preflight must carry), with the headers worked out
// once at start-up. The plugin merged its options and built closures on every request, a measurable share of a
// cached catalogue answer's cost (README.md, Performance).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest } from '../lib/errors.ts';

export interface CorsOptions {
  /** Origins allowed to read answers; '*' allows any. */
  origins: readonly string[];
  methods: readonly string[];
  allowedHeaders: readonly string[];
  /** Headers a page on another origin may read. */
  exposedHeaders: readonly string[];
  maxAgeSeconds: number;
}

/** Adds Origin to Vary: the answer's CORS headers depend on it, so caches must keep answers per origin apart. */
function varyOnOrigin(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined || vary === '') reply.header('vary', 'Origin');
  else if (
    vary !== '*' &&
    !String(vary)
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes('origin')
  ) {
    reply.header('vary', `${String(vary)}, Origin`);
  }
}

/** Registers the hook and the catch-all OPTIONS route on `api` (its own scope: other paths get no CORS). */
export function registerCors(api: FastifyInstance, options: CorsOptions) {
  const anyOrigin = options.origins.includes('*');
  const allowed = new Set(options.origins);
  const exposed = options.exposedHeaders.join(', ');
  const preflight = {
    'access-control-allow-methods': options.methods.join(', '),
    'access-control-allow-headers': options.allowedHeaders.join(', '),
    'access-control-max-age': String(options.maxAgeSeconds),
  };

  api.addHook('onRequest', (req, reply, done) => {
    varyOnOrigin(reply);
    const origin = req.headers.origin;
    const allowOrigin = anyOrigin ? '*' : origin !== undefined && allowed.has(origin) ? origin : undefined;
    // Expose-Headers means something only beside an Allow-Origin: a same-origin read sees every header anyway.
    if (allowOrigin) {
      reply
        .header('access-control-allow-origin', allowOrigin)
        .header('access-control-expose-headers', exposed);
    }
    if (req.method !== 'OPTIONS') return done();
    if (!origin || !req.headers['access-control-request-method']) {
      return done(badRequest('Invalid preflight request'));
    }
    reply.headers(preflight).code(204).header('content-length', '0').send();
  });
  // Gives OPTIONS a route, so the hook above runs for it: the hook answers every OPTIONS request itself (the
  // preflight, or the error), so the handler is never reached.
  api.options('*', { schema: { hide: true } }, (_req, reply) => reply.callNotFound());
}
