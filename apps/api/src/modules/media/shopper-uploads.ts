// Images shoppers upload for their reviews (docs/api.md#reviews): stored by the same pipeline as staff uploads,
// with a row in shopper_uploads naming who sent them. That row is what lets a review show an image: a shopper can
// attach only what they uploaded themselves.
import type { InspectedUpload } from '@rangrez/db/media/uploads';
import { ingestUpload } from '@rangrez/db/media/uploads';
import type { MediaRow } from '@rangrez/db/media/originals';
import { shopperUploads } from '@rangrez/db/schema';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../lib/db.ts';

/**
 * Stores the shopper's image (or finds the same bytes stored before: content-addressed, one row) and records them
 * as one of its senders, in one transaction. No alt text: the storefront describes a review photo by its review.
 */
export function storeShopperUpload(
  db: Db,
  mediaDir: string,
  userId: string,
  upload: InspectedUpload,
): Promise<MediaRow> {
  return db.transaction(async (tx) => {
    const row = await ingestUpload(tx, mediaDir, upload, '');
    await tx.insert(shopperUploads).values({ userId, mediaId: row.id }).onConflictDoNothing();
    return row;
  });
}

/** Which of `mediaIds` the shopper uploaded. */
export async function uploadedBy(
  db: Executor,
  userId: string,
  mediaIds: readonly string[],
): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const rows = await db
    .select({ mediaId: shopperUploads.mediaId })
    .from(shopperUploads)
    .where(and(eq(shopperUploads.userId, userId), inArray(shopperUploads.mediaId, [...mediaIds])));
  return new Set(rows.map((row) => row.mediaId));
}
