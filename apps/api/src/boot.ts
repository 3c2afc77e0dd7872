// Opens the store's database: the configured PostgreSQL server, or an embedded one under DATA_DIR.
// Shared by the server, the dev server and the CLI so they all boot the same way.
import type { EventEmitter } from 'node:events';
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
  /**
   * From now on connections dropping are expected, not warnings. Call it as soon as a shutdown signal arrives:
   * Ctrl-C in a terminal signals the whole process group, so the embedded server begins its own fast shutdown at
   * the same moment and ends every connection while the app is still closing.
   */
  expectDisconnects(): void;
  /** Closes the pool, waits for its connections to end, then stops the embedded server if we started one. */
  close(): Promise<void>;
}

export async function openDatabase(config: Config, log: Logger): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let stopServer: (() => Promise<void>) | undefined;
  let closing = false;
  if (!url) {
    const server = await startEmbeddedPostgres({
      dataDir: config.embeddedPgDir,
      port: config.embeddedPgPort,
      log: {
        ...log,
        // The server's own report of ending connections (and of its exit) is news only while nobody is stopping.
        warn: (m) => (closing && EXPECTED_WHILE_CLOSING.test(m) ? log.debug(m) : log.warn(m)),
      },
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
  const { db, pool, close } = createDb(url, {
    max: config.dbPoolMax,
    applicationName: 'rangrez',
    // Same warning as createDb's own; once closing has begun, a connection dropping is what we asked for.
    onError: (err) => {
      if (closing) log.debug(`PostgreSQL connection ended while closing: ${err.message}`);
      else process.emitWarning(`idle PostgreSQL connection failed: ${err.message}`);
    },
  });
  const open = new Set<EventEmitter>();
  pool.on('connect', (client: EventEmitter) => {
    open.add(client);
    client.once('end', () => open.delete(client));
  });
  return {
    db,
    url,
    expectDisconnects() {
      closing = true;
    },
    async close() {
      closing = true;
      await close();
      // pool.end() resolves once the pool has let go of its connections, not once they are closed: stopping the
      // server at that moment makes it terminate backends that have not yet read their Terminate message, and
      // each tells its client so (FATAL 57P01). Waiting for the sockets to close avoids that.
      await allClosed(open, CONNECTIONS_CLOSE_TIMEOUT_MS);
      await stopServer?.();
    },
  };
}

/** PostgreSQL's FATAL 57P01 to each backend in a fast shutdown, and the launcher noticing the server exit. */
const EXPECTED_WHILE_CLOSING =
  /terminating connection due to administrator command|embedded PostgreSQL exited unexpectedly/;

/** Bounds the wait for connections to close: shutdown must not hang on a server that stopped answering. */
const CONNECTIONS_CLOSE_TIMEOUT_MS = 5_000;

async function allClosed(open: Set<EventEmitter>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const client of open) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      client.once('end', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
