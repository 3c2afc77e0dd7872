// Builds the Fastify application. It never listens: server.ts does, and tests use inject() or a real port.
import { randomBytes } from 'node:crypto';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './env.ts';
import type { Db } from './lib/db.ts';
import { notFound } from './lib/errors.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { createCatalogueService } from './modules/catalogue/service.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { pincodeRoutes } from './modules/pincode/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { type WebOptions, registerWeb } from './web/ssr.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  /** Serve the web app too; API tests leave it out. */
  web?: Omit<WebOptions, 'getLoadContext'>;
  /** Vite's dev server relaxes the CSP (inline HMR preamble). */
  devMode?: boolean;
  /** Runs after the global hooks and before any route is added (the dev server mounts Vite here). */
  configure?: (app: FastifyInstance) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyReply {
    scriptNonce: string;
  }
}

export async function buildApp({ config, db, web, devMode = false, configure }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(config.logPretty ? { transport: { target: 'pino-pretty' } } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Graceful shutdown: close() lets in-flight requests finish and answers new ones with 503.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const catalogue = createCatalogueService(db, config.publicUrl);

  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', async (_req, reply) => {
    reply.scriptNonce = randomBytes(16).toString('base64');
    // helmet's directive functions receive the raw response, so the nonce must be there before helmet runs.
    (reply.raw as unknown as { scriptNonce: string }).scriptNonce = reply.scriptNonce;
  });
  await app.register(helmet, {
    contentSecurityPolicy: devMode
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as { scriptNonce?: string }).scriptNonce ?? ''}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', new URL(config.publicUrl).origin],
            connectSrc: ["'self'"],
            fontSrc: ["'self'", 'data:'],
            objectSrc: ["'none'"],
            frameAncestors: ["'self'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Media may be served to other origins (a second storefront, an app).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await configure?.(app);

  await app.register(
    async (api) => {
      await api.register(cors, {
        origin: config.corsOrigins,
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
        maxAge: 86400,
      });
      await api.register(systemRoutes, { db });
      await api.register(pincodeRoutes);
      await api.register(catalogueRoutes, { catalogue });
      api.all('/*', async () => {
        throw notFound('Not found');
      });
    },
    { prefix: '/api/v1' },
  );
  // Any other /api path is an API client's mistake: answer JSON, never an HTML page.
  app.all('/api/*', async () => {
    throw notFound('Not found');
  });

  await app.register(mediaRoutes, { mediaDir: config.mediaDir });

  if (web) {
    await registerWeb(app, {
      ...web,
      getLoadContext: (_req, reply) => ({ services: { catalogue }, cspNonce: reply.scriptNonce }),
    });
  }
  return app;
}
