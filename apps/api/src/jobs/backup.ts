// The daily backup of the store's database into DATA_DIR/backups, keeping the newest BACKUP_KEEP (docs/backups.md).
// An hourly periodic job (one across all instances, like the others) makes a backup when the folder has none of
// the current UTC day yet: pg-boss cannot throttle a job to a day, and a store that was down at midnight is backed
// up within the hour after it starts. The backup reads one snapshot on a connection of the app's pool while the
// store keeps serving.
import path from 'node:path';
import { backupFileName, listBackups, pruneBackups, writeBackup } from '@rangrez/db/backup';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.ts';
import type { Pool } from './pool.ts';
import type { JobRunner, QueueSpec } from './runner.ts';

export const BACKUP: QueueSpec = {
  name: 'backups.daily',
  // A failed backup (disk full, a restart in the middle) is tried again twice, ten minutes apart.
  retryLimit: 2,
  retryDelaySeconds: 600,
  retryBackoff: false,
  expireInSeconds: 3 * 3600,
};

/** How often the job looks for today's backup (pg-boss throttles at most to its archive interval, 12 hours). */
export const BACKUP_CHECK_SECONDS = 3600;

export interface BackupJobOptions {
  pool: Pool;
  clock: Clock;
  backups: { daily: boolean; keep: number; dir: string };
  log?: Pick<FastifyBaseLogger, 'info'>;
}

/** Makes one backup now and prunes the old ones; the job's handler, and a hook for tests. */
export async function runBackup({ pool, clock, backups, log }: BackupJobOptions) {
  const client = await pool.connect();
  let summary;
  try {
    summary = await writeBackup(client, path.join(backups.dir, backupFileName(clock.now())));
  } finally {
    client.release();
  }
  const pruned = await pruneBackups(backups.dir, backups.keep);
  log?.info(
    { file: summary.file, rows: summary.rows, bytes: summary.bytes, pruned: pruned.length },
    'backup written',
  );
  return { ...summary, pruned };
}

export function registerBackupJob(jobs: JobRunner, options: BackupJobOptions): void {
  if (!options.backups.daily) return;
  jobs.define(BACKUP, async () => {
    const today = backupFileName(options.clock.now()).slice(0, 'rangrez-YYYYMMDD'.length);
    const newest = (await listBackups(options.backups.dir)).at(-1);
    if (newest && path.basename(newest).startsWith(today)) return;
    await runBackup(options);
  });
  jobs.every(BACKUP.name, BACKUP_CHECK_SECONDS);
}
