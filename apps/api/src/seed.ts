import { seedDemoCatalogue } from '@rangrez/db/seed/demo-catalogue';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './env.ts';
import type { Db } from './lib/db.ts';
import { warmMediaInBackground } from './modules/media/warm.ts';

/** First start on an empty database: fill the demo catalogue; then pre-render images in the background. */
export async function seedIfEmpty(config: Config, db: Db, log: FastifyBaseLogger, signal: AbortSignal) {
  if (config.seedDemo) {
    const result = await seedDemoCatalogue(db, { mediaDir: config.mediaDir, products: config.seedProducts });
    if (result.seeded) log.info(result.message);
  }
  if (config.warmMedia) warmMediaInBackground(db, config.mediaDir, log, signal);
}
