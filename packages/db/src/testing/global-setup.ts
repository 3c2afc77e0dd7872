// Vitest globalSetup: one PostgreSQL server per test run and one migrated template database on it.
// With DATABASE_URL set (CI's external PostgreSQL 15) that server is used; otherwise an embedded one is started in
// a temporary directory and deleted afterwards.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PortInUseError, startEmbeddedPostgres, withDatabase } from '../launcher.ts';
import type { EmbeddedPostgres, LauncherLog } from '../launcher.ts';
import { defaultMigrationsFolder, runMigrations } from '../migrate.ts';
import { freePort } from './free-port.ts';
import { adminQuery, dropDatabase } from './test-db.ts';
import type { TestDatabaseContext } from './test-db.ts';

export interface TestServer {
  context: TestDatabaseContext;
  teardown(): Promise<void>;
}

const quiet: LauncherLog = {
  info: () => undefined,
  debug: () => undefined,
  warn: (msg) => console.warn(`[test postgres] ${msg}`),
};

// Durability is worthless for a server deleted after the run, and these settings make DDL-heavy tests faster.
const TEST_SERVER_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  // Test files run in parallel, each with its own pool.
  max_connections: 300,
};

export interface TestServerOptions {
  /** Defaults to the real migrations (packages/db/drizzle). */
  migrationsFolder?: string;
  /** An existing server to use instead of an embedded one; defaults to DATABASE_URL. */
  databaseUrl?: string;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  let server: EmbeddedPostgres | undefined;
  let tmp: string | undefined;
  let adminUrl = options.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  if (!adminUrl) {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-pg-'));
    // mkdtemp makes the directory 0700; when running as root the server runs as OS user `postgres`, which must enter it.
    await fs.chmod(tmp, 0o755);
    try {
      server = await startOnFreePort(path.join(tmp, 'data'));
    } catch (err) {
      await fs.rm(tmp, { recursive: true, force: true });
      throw err;
    }
    adminUrl = server.adminUrl;
  }
  const templateName = `rangrez_template_${randomBytes(6).toString('hex')}`;
  const teardown = async () => {
    if (server) {
      await server.stop();
      if (tmp) await fs.rm(tmp, { recursive: true, force: true });
    } else if (adminUrl) {
      await dropDatabase(adminUrl, templateName);
    }
  };
  try {
    await adminQuery(adminUrl, (c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(templateName)}`));
    // runMigrations closes its connection before returning: a template cannot be cloned while anyone is connected.
    await runMigrations(withDatabase(adminUrl, templateName), {
      migrationsFolder: options.migrationsFolder ?? defaultMigrationsFolder,
      log: quiet,
    });
    // No test can then connect to the template by mistake and block every clone.
    await adminQuery(adminUrl, (c) =>
      c.query(`ALTER DATABASE ${c.escapeIdentifier(templateName)} ALLOW_CONNECTIONS false`),
    );
  } catch (err) {
    await teardown().catch(() => undefined);
    throw err;
  }
  return { context: { adminUrl, templateName }, teardown };
}

async function startOnFreePort(dataDir: string): Promise<EmbeddedPostgres> {
  // Another process can grab the port between probing and binding; try a few.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startEmbeddedPostgres({
        dataDir,
        port: await freePort(),
        log: quiet,
        settings: TEST_SERVER_SETTINGS,
      });
    } catch (err) {
      if (!(err instanceof PortInUseError) || attempt >= 3) throw err;
    }
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTestServer();
  project.provide('rangrezDb', server.context);
  return server.teardown;
}
