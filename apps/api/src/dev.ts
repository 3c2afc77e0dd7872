// `npm run dev`: the same app as production, with Vite in middleware mode for hot reload of the web app.
// API code restarts through `tsx watch` (see the root package.json); web edits apply in place via HMR.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import middie from '@fastify/middie';
import type { ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { buildApp } from './app.ts';
import { openDatabase } from './boot.ts';
import { ConfigError, loadConfig } from './env.ts';
import { seedIfEmpty } from './seed.ts';

const webRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../web');

async function main() {
  const config = loadConfig(undefined, { LOG_PRETTY: 'true' });
  const database = await openDatabase(config, {
    debug: () => undefined,
    info: (m) => console.log(m),
    warn: (m) => console.warn(m),
    error: (m) => console.error(m),
  });
  const vite = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { port: config.port + 1 } },
    appType: 'custom',
  });
  const app = await buildApp({
    config,
    db: database.db,
    devMode: true,
    web: {
      mode: 'development',
      getBuild: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    },
    configure: async (app) => {
      await app.register(middie);
      app.use((req, res, next) => {
        // Vite serves its own modules and assets; everything else (API, media, pages) is ours.
        const url = req.url ?? '/';
        if (url.startsWith('/api/') || url.startsWith('/media/')) return next();
        vite.middlewares(req, res, next);
      });
    },
  });

  const background = new AbortController();
  const shutdown = async () => {
    database.expectDisconnects();
    background.abort();
    await app.close();
    await vite.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());

  await seedIfEmpty(config, database.db, app.log, background.signal);
  await app.listen({ port: config.port, host: config.host });
  // Background jobs (fulfilment hand-over, payment expiry, status polling); app.close() stops them.
  await app.jobs.startWorkers();
  console.log(`\n  Rangrez (development) at ${config.publicUrl}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
