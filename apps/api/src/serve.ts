// The production server (started through server.ts): one process serves the API, the server-rendered pages and
// the static assets.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { buildApp } from './app.ts';
import { openDatabase } from './boot.ts';
import { ConfigError, loadConfig } from './env.ts';
import { seedIfEmpty } from './seed.ts';

const webBuildDir = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../web/build');

export async function main() {
  const config = loadConfig();
  const log = console;
  const database = await openDatabase(config, {
    debug: () => undefined,
    info: (m) => log.log(m),
    warn: (m) => log.warn(m),
    error: (m) => log.error(m),
  });
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    const build = (await import(
      pathToFileURL(path.join(webBuildDir, 'server/index.js')).href
    )) as ServerBuild;
    app = await buildApp({
      config,
      db: database.db,
      web: { getBuild: async () => build, mode: 'production', clientDir: path.join(webBuildDir, 'client') },
    });
  } catch (err) {
    // Without this the embedded PostgreSQL would outlive us.
    await database.close();
    throw err;
  }

  const background = new AbortController();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    database.expectDisconnects();
    app.log.info(`${signal} received: finishing in-flight requests, then stopping`);
    background.abort();
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await seedIfEmpty(config, database.db, app.log, background.signal);
    await app.listen({ port: config.port, host: config.host });
    // Background jobs (fulfilment hand-over, payment expiry, status polling); app.close() stops them.
    await app.jobs.startWorkers();
  } catch (err) {
    await app.close();
    await database.close();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new ConfigError(`Port ${config.port} is already in use. Stop the other program or set PORT.`);
    }
    throw err;
  }
  console.log(`\n  Rangrez is running at ${config.publicUrl}\n`);
}

/** Exits with a message written for a person: start-up failures are usually configuration. */
export function exitOnStartFailure(err: unknown): never {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    // Start-up failures (port taken, database unreachable...) carry a message written for a person.
    console.error(`Rangrez could not start: ${err instanceof Error ? err.message : String(err)}`);
    if (err instanceof Error && err.cause) console.error('Cause:', err.cause);
  }
  process.exit(1);
}
