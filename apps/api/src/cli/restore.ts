// `npm run db:restore <file>`: brings a backup back into a fresh DATA_DIR (or an empty DATABASE_URL database);
// docs/backups.md. It never writes over an existing database.
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from '@rangrez/db/backup';
import { ConfigError, loadConfig } from '../env.ts';
import { createTarget } from './db-target.ts';

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [given] = positionals;
  if (!given || positionals.length > 1) throw new ConfigError('Usage: npm run db:restore <backup file>');
  const file = path.resolve(given);
  if (!existsSync(file)) throw new ConfigError(`No backup at ${file}.`);
  const config = loadConfig();
  if (
    !config.databaseUrl &&
    existsSync(config.embeddedPgDir) &&
    readdirSync(config.embeddedPgDir).length > 0
  ) {
    throw new ConfigError(
      `${config.dataDir} already holds a database (${config.embeddedPgDir}). Restore into a fresh DATA_DIR, ` +
        `e.g. DATA_DIR=./data-restored npm run db:restore ${given}`,
    );
  }
  const target = await createTarget(config);
  let restored = false;
  try {
    const summary = await restoreBackup(target.url, file, {
      log: { info: () => undefined },
    });
    console.log(
      `Restored ${summary.rows} rows of ${summary.tables} tables from the backup of ${summary.createdAt} ` +
        `into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}.`,
    );
    restored = true;
  } finally {
    await target.release();
    // The embedded database was created for this restore: a half-restored one would only make the next try refuse.
    if (!restored && !config.databaseUrl) await rm(config.embeddedPgDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  const known = err instanceof ConfigError || err instanceof BackupError;
  console.error(known ? (err as Error).message : `Restore failed: ${(err as Error).message}`);
  process.exit(1);
});
