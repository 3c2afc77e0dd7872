// Serves the React Router app (server-rendered pages and its static assets) from this Fastify instance.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { createRequest } from '@remix-run/node-fetch-server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { createRequestHandler } from 'react-router';

export interface WebOptions {
  /** Returns the server build: a fixed import in production, Vite's live module in development. */
  getBuild: () => Promise<ServerBuild>;
  mode: 'production' | 'development';
  /** apps/web/build/client in production; absent in development (Vite serves the files). */
  clientDir?: string;
  getLoadContext: (req: FastifyRequest, reply: FastifyReply) => AppLoadContext;
}

export async function registerWeb(app: FastifyInstance, opts: WebOptions) {
  if (opts.clientDir) {
    await app.register(fastifyStatic, {
      root: opts.clientDir,
      prefix: '/',
      // Only files that exist get routes: a missing asset is a 404, not a server render.
      wildcard: false,
      decorateReply: false,
      // Our own Cache-Control below; the plugin's would overwrite it with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(opts.clientDir!, 'assets') + path.sep);
        res.setHeader(
          'Cache-Control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  await app.register(async (web) => {
    // Route modules read their own bodies (form actions); Fastify must leave the stream untouched.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_req, _payload, done) => done(null));

    let cached: { build: ServerBuild; handler: ReturnType<typeof createRequestHandler> } | undefined;
    web.all('/*', async (req, reply) => {
      const build = await opts.getBuild();
      if (cached?.build !== build) cached = { build, handler: createRequestHandler(build, opts.mode) };
      const handler = cached.handler;
      const request = createRequest(req.raw, reply.raw);
      const response = await handler(request, opts.getLoadContext(req, reply));
      return reply.send(response);
    });
  });
}
