import { seedDemoCatalogue } from '@rangrez/db/seed/demo-catalogue';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './env.ts';
import { systemClock } from './lib/clock.ts';
import type { Db } from './lib/db.ts';
import { warmMediaInBackground } from './modules/media/warm.ts';
import { DEMO_OWNER_EMAIL, ensureOwner } from './modules/staff/bootstrap.ts';

/**
 * Every start: the first owner (docs/admin.md#the-first-owner). On an empty database with the demo on: the demo
 * catalogue; then images are pre-rendered in the background.
 */
export async function seedIfEmpty(config: Config, db: Db, log: FastifyBaseLogger, signal: AbortSignal) {
  await ensureFirstOwner(config, db, log);
  if (config.seedDemo) {
    const result = await seedDemoCatalogue(db, { mediaDir: config.mediaDir, products: config.seedProducts });
    if (result.seeded) log.info(result.message);
  }
  if (config.warmMedia) warmMediaInBackground(db, config.mediaDir, log, signal);
}

async function ensureFirstOwner(config: Config, db: Db, log: FastifyBaseLogger) {
  const owner = config.staff.owner ?? (config.seedDemo ? { email: DEMO_OWNER_EMAIL, password: null } : null);
  if (!owner) return;
  const outcome = await ensureOwner(db, systemClock, owner.email, owner.password);
  if (outcome.kind === 'created' && outcome.password) {
    // Shown once, on the console of whoever started the demo: it is not stored anywhere in clear.
    console.log(
      `\n  Back office: ${config.publicUrl}/admin/login\n  Owner ${outcome.email}, one-time password ${outcome.password}\n` +
        `  (set OWNER_EMAIL and OWNER_PASSWORD to choose them; npm run staff -- reset-password to get a new one)\n`,
    );
  } else if (outcome.kind !== 'unchanged') {
    log.info(`Staff: ${outcome.email} is an owner (${outcome.kind})`);
  }
}
