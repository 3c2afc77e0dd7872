// Writes a migrations folder in drizzle-kit's layout: made-up migrations, for tests of the migration machinery that
// must not depend on the real schema, or the real ones up to a migration, for tests of what that migration does to
// existing data.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, withDatabase } from '../launcher.ts';
import { defaultMigrationsFolder, runMigrations } from '../migrate.ts';
import { dropDatabase } from './test-db.ts';

export interface FixtureMigration {
  tag: string;
  sql: string;
}

/** drizzle's migrator applies, in journal order, every entry whose `when` is newer than the last applied one. */
export async function writeMigrations(folder: string, migrations: FixtureMigration[]): Promise<void> {
  await fs.mkdir(path.join(folder, 'meta'), { recursive: true });
  const entries = migrations.map((m, idx) => ({
    idx,
    version: '7',
    when: 1_700_000_000_000 + idx * 1000,
    tag: m.tag,
    breakpoints: true,
  }));
  for (const m of migrations) await fs.writeFile(path.join(folder, `${m.tag}.sql`), m.sql);
  await fs.writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }, null, 2),
  );
}

/** Copies the real migrations before (not including) `tag` into `folder`, and answers the folder. */
export async function copyMigrationsBefore(folder: string, tag: string): Promise<string> {
  await fs.mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(
    await fs.readFile(path.join(defaultMigrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { idx: number; tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  if (upTo < 1) throw new Error(`copyMigrationsBefore: no migration before ${tag}`);
  const entries = journal.entries.slice(0, upTo);
  for (const e of entries) {
    await fs.copyFile(path.join(defaultMigrationsFolder, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  }
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

/** A database of its own for a test of what one migration does to existing rows. */
export interface MigrationTestDatabase {
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** Applies the real migrations before (not including) `tag`: the store as it was. */
  migrateBefore(tag: string): Promise<void>;
  /** Applies the rest, as an upgrade would. */
  migrateRest(): Promise<void>;
  drop(): Promise<void>;
}

const quiet = { info: () => undefined };

export async function migrationTestDatabase(adminUrl: string, label: string): Promise<MigrationTestDatabase> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `rangrez-${label}-migration-`));
  const name = `rangrez_${label}_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = withDatabase(adminUrl, name);
  return {
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async migrateBefore(tag) {
      await runMigrations(url, {
        migrationsFolder: await copyMigrationsBefore(path.join(tmp, 'before'), tag),
        log: quiet,
      });
    },
    async migrateRest() {
      await runMigrations(url, { log: quiet });
    },
    async drop() {
      await dropDatabase(adminUrl, name);
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}
