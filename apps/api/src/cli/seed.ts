// `npm run seed -- --products 10000`: fills the demo catalogue into the configured database (embedded under
// DATA_DIR, or DATABASE_URL) when it has no products yet. Use a separate DATA_DIR for a benchmark catalogue.
import { parseArgs } from 'node:util';
import { warmVariants } from '@rangrez/db/media/variants';
import { seedDemoCatalogue } from '@rangrez/db/seed/demo-catalogue';
import { progressPrinter } from '@rangrez/db/seed/progress';
import { openDatabase } from '../boot.ts';
import { ConfigError, loadConfig } from '../env.ts';

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '80' },
      seed: { type: 'string' },
      warm: { type: 'boolean', default: false },
    },
  });
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 1 || products > 100_000) {
    throw new ConfigError('--products must be a whole number from 1 to 100000');
  }
  const config = loadConfig();
  const database = await openDatabase(config, {
    debug: () => undefined,
    info: (m) => console.log(m),
    warn: (m) => console.warn(m),
    error: (m) => console.error(m),
  });
  try {
    const onProgress = progressPrinter(process.stdout);
    const result = await seedDemoCatalogue(database.db, {
      mediaDir: config.mediaDir,
      products,
      seed: values.seed,
      onProgress,
      // Invented reviews are demo content: a store that turned the demo off gets the products only.
      reviews: config.seedDemo,
    });
    console.log(`${result.message} (${(result.durationMs / 1000).toFixed(1)} s)`);
    if (result.seeded && !config.seedDemo) console.log('SEED_DEMO is off: no demo reviews were written.');
    if (result.seeded && values.warm) {
      const warmed = await warmVariants(config.mediaDir, result.media, {
        onProgress: (done, total) => onProgress(done, total, 'variants'),
      });
      console.log(`Rendered ${warmed.rendered} image variants (${warmed.failed} failed)`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
