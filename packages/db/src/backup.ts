// Consistent logical backups without pg_dump (the embedded PostgreSQL package ships none), and their restore.
// docs/decisions/020-backups.md says why; docs/backups.md how to use them.
//
// A backup is every row of the store's schemas (`public`, and `pgboss` for queued jobs) read inside one
// REPEATABLE READ, READ ONLY transaction: one snapshot, so an order is in it with its items, its stock movement and
// its jobs, or not at all, while the store keeps taking orders. The file is gzip'd JSON lines: a header, then per
// table a `["table", name, columns]` line, one JSON object per row, and `["rows", name, count]`; `["end", ...]`
// closes it, so a truncated file is refused. A restore runs the migrations on an empty database, lets pg-boss
// create its schema, then loads the rows in one transaction in foreign-key order.
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { once } from 'node:events';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { defaultMigrationsFolder, runMigrations, type MigrateLog } from './migrate.ts';

export const BACKUP_FORMAT = 'rangrez-backup';
export const BACKUP_VERSION = 1;
/** Backups are named so that sorting by name sorts by time. */
export const BACKUP_SUFFIX = '.jsonl.gz';

/** The store's schemas; `drizzle` (the migrations journal) is rebuilt by running the migrations. */
const SCHEMAS = ['public', 'pgboss'];
/**
 * pg-boss writes its version row itself when it creates its schema. The search index and the names' words
 * (docs/search.md) are derived by triggers from the products and their order lines, so a restore rebuilds them
 * while it loads those.
 */
const SKIPPED_TABLES = new Set(['pgboss.version', 'public.product_search', 'public.search_words']);
const PGBOSS_QUEUES = 'pgboss.queue';
const FETCH_ROWS = 1000;
const INSERT_ROWS = 1000;

export class BackupError extends Error {}

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

interface TableInfo {
  name: string;
  columns: string[];
}

interface Header {
  format: string;
  version: number;
  createdAt: string;
  postgres: string;
  /** Migrations applied to the database the backup was made from. */
  migrations: number;
  tables: TableInfo[];
  sequences: { name: string; value: string; called: boolean }[];
}

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  bytes: number;
}

const quoted = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

/** Tables of the store's schemas with their insertable columns (generated ones are computed again on restore). */
async function listTables(db: Queryable): Promise<TableInfo[]> {
  const { rows } = await db.query(
    `select n.nspname || '.' || c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
      group by 1`,
    [SCHEMAS],
  );
  return (rows as TableInfo[]).filter((t) => !SKIPPED_TABLES.has(t.name));
}

/** Referenced tables before the tables that reference them, so every row's foreign keys are there when it loads. */
async function inLoadOrder(db: Queryable, tables: TableInfo[]): Promise<TableInfo[]> {
  const { rows } = await db.query(
    `select fn.nspname || '.' || f.relname as child, pn.nspname || '.' || p.relname as parent
       from pg_constraint k
       join pg_class f on f.oid = k.conrelid join pg_namespace fn on fn.oid = f.relnamespace
       join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
      where k.contype = 'f' and fn.nspname = any($1) and not f.relispartition`,
    [SCHEMAS],
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  for (const { child, parent } of rows as { child: string; parent: string }[]) {
    if (child !== parent) parents.get(child)?.add(parent);
  }
  // pg-boss puts the job table's foreign key to its queue on each queue's partition, which this list leaves out.
  for (const [name, of] of parents)
    if (name.startsWith('pgboss.') && name !== PGBOSS_QUEUES) of.add(PGBOSS_QUEUES);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const byName = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (ordered.length < byName.length) {
    const next = byName.find(
      (t) => !placed.has(t.name) && [...parents.get(t.name)!].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (!next) {
      const left = byName.filter((t) => !placed.has(t.name)).map((t) => t.name);
      throw new BackupError(`Foreign keys form a cycle between ${left.join(', ')}: no load order exists`);
    }
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

async function migrationsApplied(db: Queryable): Promise<number> {
  const { rows } = await db.query(
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
                 else (select count(*)::int from drizzle.__drizzle_migrations) end as n`,
  );
  return (rows[0] as { n: number }).n;
}

async function migrationsAvailable(folder: string): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Writes a backup of the database `client` is connected to into `file` (written as `file.partial`, renamed when
 * complete, readable by its owner only: it holds personal data and the store's signing key). `client` must be a
 * connection of its own: the snapshot is its transaction.
 */
export async function writeBackup(client: Queryable, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  let rows = 0;
  let tables: TableInfo[] | undefined;
  try {
    await client.query('begin isolation level repeatable read read only');
    try {
      // The snapshot is taken by the first query of the transaction: everything below reads that one instant.
      const postgres = ((await client.query('show server_version')).rows[0] as { server_version: string })
        .server_version;
      tables = await inLoadOrder(client, await listTables(client));
      const sequences = (
        await client.query(
          `select schemaname || '.' || sequencename as name, last_value::text as value
             from pg_sequences where schemaname = any($1) and last_value is not null`,
          [SCHEMAS],
        )
      ).rows.map((s) => ({ ...(s as { name: string; value: string }), called: true }));
      const header: Header = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        postgres,
        migrations: await migrationsApplied(client),
        tables,
        sequences,
      };
      await write(JSON.stringify(header));
      for (const table of tables) {
        await write(JSON.stringify(['table', table.name, table.columns]));
        const columns = table.columns.map((c) => quoted(c)).join(', ');
        await client.query(
          `declare backup_rows no scroll cursor for
             select row_to_json(r)::text as j from (select ${columns} from ${quoted(table.name)}) r`,
        );
        let count = 0;
        for (;;) {
          const batch = (await client.query(`fetch forward ${FETCH_ROWS} from backup_rows`)).rows as {
            j: string;
          }[];
          for (const row of batch) await write(row.j);
          count += batch.length;
          if (batch.length < FETCH_ROWS) break;
        }
        await client.query('close backup_rows');
        await write(JSON.stringify(['rows', table.name, count]));
        rows += count;
      }
      await write(JSON.stringify(['end', { tables: tables.length, rows }]));
    } finally {
      await client.query('rollback').catch(() => undefined);
    }
    gzip.end();
    await once(out, 'close');
    await fs.rename(partial, file);
  } catch (err) {
    gzip.destroy();
    out.destroy();
    await fs.rm(partial, { force: true });
    throw err;
  }
  return { file, tables: tables?.length ?? 0, rows, bytes: (await fs.stat(file)).size };
}

/** Connects to `url` and writes a backup (the command line's way in). */
export async function backupDatabase(url: string, file: string): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url, application_name: 'rangrez:backup' });
  client.on('error', () => undefined); // surfaces through the pending query instead
  await client.connect();
  try {
    // A large store takes longer than any statement timeout a role may carry.
    await client.query('set statement_timeout = 0');
    return await writeBackup(client, file);
  } finally {
    await client.end().catch(() => undefined);
  }
}

type Line = { kind: 'row'; text: string } | { kind: 'control'; value: unknown[] };

async function* readLines(file: string): AsyncGenerator<Line | { kind: 'header'; header: Header }> {
  const input = readline.createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  let first = true;
  for await (const text of input) {
    if (first) {
      first = false;
      const header = JSON.parse(text) as Header;
      if (header.format !== BACKUP_FORMAT || header.version !== BACKUP_VERSION) {
        throw new BackupError(
          `${file} is not a backup of this store (format ${BACKUP_FORMAT} ${BACKUP_VERSION})`,
        );
      }
      yield { kind: 'header', header };
    } else if (text.startsWith('[')) {
      yield { kind: 'control', value: JSON.parse(text) as unknown[] };
    } else {
      yield { kind: 'row', text };
    }
  }
}

/** Reads the whole file once: a truncated or foreign file is refused before anything is written. */
async function checkBackupFile(file: string): Promise<Header> {
  let header: Header | undefined;
  let ended = false;
  try {
    for await (const line of readLines(file)) {
      if (line.kind === 'header') header = line.header;
      else if (line.kind === 'control' && line.value[0] === 'end') ended = true;
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} cannot be read as a backup: ${(err as Error).message}`);
  }
  if (!header || !ended) throw new BackupError(`${file} is incomplete (it has no end marker)`);
  return header;
}

async function assertEmpty(db: Queryable): Promise<void> {
  const { rows } = await db.query(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p')`,
    [[...SCHEMAS, 'drizzle']],
  );
  if ((rows[0] as { n: number }).n > 0) {
    throw new BackupError('The target database already has tables: restore only into an empty database');
  }
}

async function insertableColumns(db: Queryable, table: string): Promise<Set<string>> {
  const { rows } = await db.query(
    `select a.attname::text as name from pg_attribute a
      where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''`,
    [quoted(table)],
  );
  return new Set((rows as { name: string }[]).map((r) => r.name));
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  createdAt: string;
}

/** A backed-up table being loaded and the statement that inserts a batch of its rows. */
interface TableLoad {
  name: string;
  columns: string[];
  insert: string;
}

/** Checks that this version of the store has table `name` with all of `columns`, and builds its insert. */
async function tableLoad(
  client: Queryable,
  file: string,
  name: string,
  columns: string[],
): Promise<TableLoad> {
  const present = await insertableColumns(client, name).catch(() => {
    throw new BackupError(`${file}: table ${name} does not exist in this version of the store`);
  });
  const unknown = columns.filter((c) => !present.has(c));
  if (unknown.length > 0) {
    throw new BackupError(`${file}: ${name} has columns this version does not know: ${unknown.join(', ')}`);
  }
  const list = columns.map((c) => quoted(c)).join(', ');
  return {
    name,
    columns,
    // Identity columns keep their backed-up values; the sequences are moved past them afterwards.
    insert:
      `insert into ${quoted(name)} (${list}) overriding system value ` +
      `select ${list} from json_populate_recordset(null::${quoted(name)}, $1::json)`,
  };
}

/**
 * Loads the rows of `file`, table by table in batches, into the transaction `client` has open; each table's row
 * count is checked against the file's. Returns the number of rows loaded.
 */
async function loadRows(client: Queryable, file: string): Promise<number> {
  let table: TableLoad | undefined;
  let batch: string[] = [];
  let rows = 0;
  let tableRows = 0;
  const queues: Record<string, unknown>[] = [];
  const flush = async () => {
    if (!table || batch.length === 0) return;
    await client.query(table.insert, [`[${batch.join(',')}]`]);
    rows += batch.length;
    batch = [];
  };
  for await (const line of readLines(file)) {
    if (line.kind === 'row') {
      if (!table) throw new BackupError(`${file}: a row outside any table`);
      tableRows += 1;
      if (table.name === PGBOSS_QUEUES) {
        queues.push(JSON.parse(line.text) as Record<string, unknown>);
        continue;
      }
      // An older backup's copy of a table the restore rebuilds is read past.
      if (SKIPPED_TABLES.has(table.name)) continue;
      batch.push(line.text);
      if (batch.length >= INSERT_ROWS) await flush();
    } else if (line.kind === 'control' && line.value[0] === 'table') {
      const [, name, columns] = line.value as [string, string, string[]];
      table = SKIPPED_TABLES.has(name)
        ? { name, columns, insert: '' }
        : await tableLoad(client, file, name, columns);
      // Rows a migration seeded (the first search synonyms) give way to the backup's.
      if (!SKIPPED_TABLES.has(name) && name !== PGBOSS_QUEUES)
        await client.query(`delete from ${quoted(name)}`);
      tableRows = 0;
    } else if (line.kind === 'control' && line.value[0] === 'rows') {
      const [, name, count] = line.value as [string, string, number];
      if (table?.name !== name || tableRows !== count) {
        throw new BackupError(`${file}: ${name} should have ${count} rows, the file has ${tableRows}`);
      }
      if (table.name === PGBOSS_QUEUES) {
        await restoreQueues(client, queues);
        rows += queues.length;
      }
      await flush();
      table = undefined;
    }
  }
  return rows;
}

/**
 * Restores `file` into the empty database at `url`: migrations first (a backup made before later migrations
 * loads into today's schema; its missing columns take their defaults), then the rows in one transaction.
 */
export async function restoreBackup(
  url: string,
  file: string,
  options: { log: MigrateLog; migrationsFolder?: string },
): Promise<RestoreSummary> {
  const header = await checkBackupFile(file);
  const folder = options.migrationsFolder ?? defaultMigrationsFolder;
  if (header.migrations > (await migrationsAvailable(folder))) {
    throw new BackupError(
      `${file} was made by a newer version of the store (${header.migrations} migrations, this one has ` +
        `${await migrationsAvailable(folder)}): restore it with that version`,
    );
  }
  const client = new pg.Client({ connectionString: url, application_name: 'rangrez:restore' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await assertEmpty(client);
    await runMigrations(url, { log: options.log, migrationsFolder: folder });
    if (header.tables.some((t) => t.name.startsWith('pgboss.'))) await createPgBossSchema(url);

    await client.query('begin');
    await client.query('set local statement_timeout = 0');
    const rows = await loadRows(client, file);
    for (const s of header.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [quoted(s.name), s.value, s.called]);
    }
    await client.query('commit');
    return { tables: header.tables.length, rows, createdAt: header.createdAt };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** pg-boss creates its own schema (tables, functions, the job table's partitioning). */
async function createPgBossSchema(url: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: url,
    supervise: false,
    schedule: false,
    migrate: true,
    max: 1,
  });
  boss.on('error', () => undefined); // start() rejects with the same error
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: true });
}

/**
 * A queue is more than its row: pg-boss's create_queue also makes the queue's partition of the job table. Queues
 * that others dead-letter into come first.
 */
async function restoreQueues(client: Queryable, queues: Record<string, unknown>[]): Promise<void> {
  const ordered = [...queues].sort((a, b) => Number(a.dead_letter != null) - Number(b.dead_letter != null));
  for (const q of ordered) {
    await client.query('select pgboss.create_queue($1, $2::json)', [
      q.name,
      JSON.stringify({
        policy: q.policy,
        retryLimit: q.retry_limit,
        retryDelay: q.retry_delay,
        retryBackoff: q.retry_backoff,
        expireInSeconds: q.expire_seconds,
        retentionMinutes: q.retention_minutes,
        deadLetter: q.dead_letter,
      }),
    ]);
  }
}

/** The backups in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  return names
    .filter((n) => n.startsWith('rangrez-') && n.endsWith(BACKUP_SUFFIX))
    .sort()
    .map((n) => path.join(dir, n));
}

/** A file name for a backup made at `at`, e.g. rangrez-20261125-031500.jsonl.gz (UTC). */
export function backupFileName(at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `rangrez-${stamp}${BACKUP_SUFFIX}`;
}

/** Deletes all but the newest `keep` backups in `dir`; returns what was deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const file of old) await fs.rm(file, { force: true });
  return old;
}
