// Which PostgreSQL the backup and restore commands talk to: DATABASE_URL, or the embedded server of DATA_DIR
// (the store's own, when it is running; else one started for the command).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres, withDatabase } from '@rangrez/db/launcher';
import type { Config } from '../env.ts';

export const DATABASE_NAME = 'rangrez';

export interface Target {
  url: string;
  /** Stops the server if the command started it. */
  release(): Promise<void>;
}

const quietLog = {
  debug: () => undefined,
  info: () => undefined,
  warn: (m: string) => console.warn(m),
  error: (m: string) => console.error(m),
};

/** postmaster.pid: the server's pid on the first line, its port on the fourth. */
async function runningServer(pgDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return undefined;
  }
}

/** The store's database, to read from. */
export async function openTarget(config: Config): Promise<Target> {
  if (config.databaseUrl) return { url: config.databaseUrl, release: async () => undefined };
  const port = await runningServer(config.embeddedPgDir);
  if (port !== undefined) {
    // The launcher's fixed superuser (packages/db/src/launcher.ts), on the port the running server reports.
    return {
      url: withDatabase(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, DATABASE_NAME),
      release: async () => undefined,
    };
  }
  const server = await startEmbeddedPostgres({
    dataDir: config.embeddedPgDir,
    port: config.embeddedPgPort,
    log: quietLog,
  });
  return { url: server.urlFor(DATABASE_NAME), release: server.stop };
}

/** A new embedded server in an empty DATA_DIR, to restore into. */
export async function createTarget(config: Config): Promise<Target> {
  if (config.databaseUrl) return { url: config.databaseUrl, release: async () => undefined };
  const server = await startEmbeddedPostgres({
    dataDir: config.embeddedPgDir,
    port: config.embeddedPgPort,
    log: quietLog,
  });
  try {
    await ensureDatabase(server.adminUrl, DATABASE_NAME);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { url: server.urlFor(DATABASE_NAME), release: server.stop };
}
