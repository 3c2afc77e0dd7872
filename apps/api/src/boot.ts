// Opens the store's database: the configured PostgreSQL server, or an embedded one under DATA_DIR.
// Shared by the server, the dev server and the CLI so they all boot the same way.
import { createDb } from '@rangrez/db/client';
import { ensureDatabase, startEmbeddedPostgres } from '@rangrez/db/launcher';
import { runMigrations } from '@rangrez/db/migrate';
import type { Config } from './env.ts';
import type { Db } from './lib/db.ts';

export interface Logger {
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface OpenDatabase {
  db: Db;
  url: string;
  /** Closes the pool, then stops the embedded server if we started one. */
  close(): Promise<void>;
}

export async function openDatabase(config: Config, log: Logger): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let stopServer: (() => Promise<void>) | undefined;
  if (!url) {
    const server = await startEmbeddedPostgres({
      dataDir: config.embeddedPgDir,
      port: config.embeddedPgPort,
      log,
    });
    stopServer = server.stop;
    await ensureDatabase(server.adminUrl, 'rangrez');
    url = server.urlFor('rangrez');
  }
  try {
    await runMigrations(url, { log });
  } catch (err) {
    await stopServer?.();
    throw err;
  }
  const { db, close } = createDb(url, { max: config.dbPoolMax, applicationName: 'rangrez' });
  return {
    db,
    url,
    async close() {
      await close();
      await stopServer?.();
    },
  };
}
