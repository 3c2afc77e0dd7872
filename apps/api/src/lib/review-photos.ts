// A review's photos as every answer shows them (the storefront's list, the author's own review, the moderation
// queue): the media rows behind its photo_ids, in that order, as absolute URLs shaped like a card's image.
import type { ReviewPhoto } from '@rangrez/contract/schemas';
import { cardImageUrls } from '@rangrez/db/media/urls';
import { media } from '@rangrez/db/schema';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** One photo as the SQL below renders it. */
export interface PhotoRecord {
  id: string;
  key: string;
  widths: number[];
  width: number;
  height: number;
}

/**
 * The photos named by `photoIds` (a uuid[] column or expression) as a JSON list of PhotoRecord, in the list's
 * order. An id without a media row is left out rather than failing the review.
 */
export function photoRecords(photoIds: SQLWrapper): SQL<PhotoRecord[]> {
  return sql<PhotoRecord[]>`coalesce((
      select json_agg(json_build_object('id', m.id, 'key', m.key, 'widths', m.widths,
                                        'width', m.width, 'height', m.height)
                      order by array_position(${photoIds}, m.id))
      from ${media} m
      where m.id = any(${photoIds})
    ), '[]'::json)`;
}

export function reviewPhotos(publicUrl: string, records: readonly PhotoRecord[]): ReviewPhoto[] {
  return records.map((record) => ({
    _id: record.id,
    url: cardImageUrls(publicUrl, record.key, record.widths).image,
    width: record.width,
    height: record.height,
  }));
}
