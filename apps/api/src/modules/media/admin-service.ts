// Storing a staff upload (docs/admin.md#images) inside the request's audited change: the original and its
// `media` row through the media pipeline, then its audit row.
import type { AdminMedia } from '@rangrez/contract/schemas';
import { type InspectedUpload, ingestUpload } from '@rangrez/db/media/uploads';
import { cardImageUrls } from '@rangrez/db/media/urls';
import { media } from '@rangrez/db/schema';
import { eq } from 'drizzle-orm';
import type { AuditedChange } from '../audit/index.ts';

export interface AdminMediaOptions {
  mediaDir: string;
  publicUrl: string;
}

/**
 * Stores the upload, or finds the same bytes stored before (content-addressed: one file, one row). A new alt
 * text replaces the stored one; an empty one keeps it. The original file is written before the transaction
 * commits: if it rolls back, the file stays unreferenced and the next upload of the same bytes reuses it.
 */
export async function storeUpload(
  opts: AdminMediaOptions,
  c: AuditedChange,
  upload: InspectedUpload,
  alt: string,
): Promise<AdminMedia> {
  const row = await ingestUpload(c.tx, opts.mediaDir, upload, alt);
  if (alt && row.alt !== alt) {
    await c.tx.update(media).set({ alt }).where(eq(media.id, row.id));
    row.alt = alt;
  }
  await c.record({
    action: 'media.upload',
    entityType: 'media',
    entityId: row.id,
    after: { key: row.key, width: row.width, height: row.height, alt: row.alt },
  });
  return {
    _id: row.id,
    url: cardImageUrls(opts.publicUrl, row.key, row.widths).image,
    width: row.width,
    height: row.height,
    alt: row.alt,
  };
}
