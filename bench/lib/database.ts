// A fresh, migrated database for a benchmark that runs the app in-process: a new database on DATABASE_URL's
// server, or an embedded PostgreSQL in a temporary directory. `drop` removes it (and the embedded server).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ensureDatabase, startEmbeddedPostgres, withDatabase } from '@rangrez/db/launcher';
import { runMigrations } from '@rangrez/db/migrate';
import { freePort } from '@rangrez/db/testing/free-port';
import pg from 'pg';

const quiet = { info: () => undefined, debug: () => undefined, warn: (m: string) => console.warn(m) };

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface BenchDatabase {
  url: string;
  kind: string;
  drop(): Promise<void>;
}

export async function openBenchDatabase(tmp: string): Promise<BenchDatabase> {
  const external = process.env.DATABASE_URL;
  const name = `rangrez_bench_${randomBytes(4).toString('hex')}`;
  if (external) {
    await adminQuery(external, `CREATE DATABASE ${name}`);
    const url = withDatabase(external, name);
    await runMigrations(url, { log: quiet });
    return {
      url,
      kind: 'DATABASE_URL server',
      drop: () => adminQuery(external, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  // The server runs as the unprivileged `postgres` user when we are root: it must be able to enter the directory.
  await fs.chmod(tmp, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: path.join(tmp, 'pg'),
    port: await freePort(),
    log: quiet,
  });
  await ensureDatabase(server.adminUrl, name);
  const url = server.urlFor(name);
  await runMigrations(url, { log: quiet });
  return { url, kind: 'embedded PostgreSQL', drop: () => server.stop() };
}
