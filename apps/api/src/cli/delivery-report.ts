// `npm run report:delivery -- [--from YYYY-MM-DD] [--to YYYY-MM-DD]`: promise against reality per zone and
// overall, and whether the goal (>= 90% delivered on or before the promise) is met (docs/delivery.md#the-report).
// Works whether or not the store is running (embedded database of DATA_DIR, or DATABASE_URL).
import { parseArgs } from 'node:util';
import { deliveryReportQuerySchema } from '@rangrez/contract/schemas';
import { createDb } from '@rangrez/db/client';
import { runMigrations } from '@rangrez/db/migrate';
import { loadConfig } from '../env.ts';
import { deliveryReport, reportText } from '../modules/delivery/index.ts';
import { openTarget } from './db-target.ts';

async function main() {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const query = deliveryReportQuerySchema.parse(values);
  const target = await openTarget(loadConfig());
  try {
    await runMigrations(target.url, { log: { info: () => undefined } });
    const { db, close } = createDb(target.url, { max: 2, applicationName: 'rangrez:delivery-report' });
    try {
      console.log(reportText(await deliveryReport(db, new Date(), query)));
    } finally {
      await close();
    }
  } finally {
    await target.release();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
