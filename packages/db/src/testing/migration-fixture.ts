// Writes a migrations folder in drizzle-kit's layout, for tests of the migration machinery that must not depend
// on the real schema.
import fs from 'node:fs/promises';
import path from 'node:path';

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
