// `npm run db:backup [-- --out <file>]`: a consistent backup of the store's database while the store runs
// (docs/backups.md). Without --out it goes to DATA_DIR/backups, named by the time.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase, backupFileName } from '@rangrez/db/backup';
import { ConfigError, loadConfig } from '../env.ts';
import { openTarget } from './db-target.ts';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(config.embeddedPgDir)) {
    throw new ConfigError(
      `There is no database in ${config.dataDir} to back up (set DATA_DIR or DATABASE_URL).`,
    );
  }
  const file = path.resolve(values.out ?? path.join(config.backups.dir, backupFileName(new Date())));
  const target = await openTarget(config);
  try {
    const summary = await backupDatabase(target.url, file);
    console.log(
      `Backup written to ${summary.file}: ${summary.rows} rows of ${summary.tables} tables, ` +
        `${(summary.bytes / 1024).toFixed(0)} KB.`,
    );
  } finally {
    await target.release();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `Backup failed: ${(err as Error).message}`);
  process.exit(1);
});
