import { randomBytes } from 'node:crypto';
import { MEDIA_FORMATS, WIDTH_LADDERS } from '../media/formats.ts';
import { media } from '../schema.ts';
import type { DbExecutor } from './executor.ts';

export type MediaRow = typeof media.$inferSelect;
export type MediaInsert = typeof media.$inferInsert;

/**
 * A media row without any file behind it: enough for tests of URLs and API shapes, and no sharp work. Tests that
 * fetch variants ingest a real original with ingestOriginal instead.
 */
export function buildMedia(overrides: Partial<MediaInsert> = {}): MediaInsert {
  return {
    key: randomBytes(16).toString('hex'),
    width: 1200,
    height: 1500,
    widths: [...WIDTH_LADDERS.product],
    formats: [...MEDIA_FORMATS],
    alt: 'Test image',
    ...overrides,
  };
}

export async function createMedia(db: DbExecutor, overrides: Partial<MediaInsert> = {}): Promise<MediaRow> {
  const [row] = await db.insert(media).values(buildMedia(overrides)).returning();
  if (!row) throw new Error('createMedia: no row returned');
  return row;
}
