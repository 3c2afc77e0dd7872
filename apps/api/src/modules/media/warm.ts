import { media } from '@rangrez/db/schema';
import { warmVariants } from '@rangrez/db/media/variants';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db.ts';

/**
 * Pre-renders every image variant after start so visitors rarely wait for a first render. One render at a time:
 * it must not compete with requests for the CPU. Stops when `signal` aborts (shutdown).
 */
export function warmMediaInBackground(db: Db, mediaDir: string, log: FastifyBaseLogger, signal: AbortSignal) {
  void (async () => {
    const rows = await db
      .select({ key: media.key, widths: media.widths, formats: media.formats })
      .from(media);
    const result = await warmVariants(mediaDir, rows, { concurrency: 1, signal });
    if (result.rendered > 0 || result.failed > 0) {
      log.info(`Image variants warmed: ${result.rendered} rendered, ${result.failed} failed`);
    }
  })().catch((err: unknown) => log.warn({ err }, 'warming image variants failed'));
}
