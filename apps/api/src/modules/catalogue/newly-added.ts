// Newly Added is computed (docs/decisions/039-newly-added-and-back-in-stock.md): a top-level group whose name
// contains "newly added" (the spec's own rule for the home's LATEST ARRIVALS) holds no products of its own; it
// shows every published product of the last NEWLY_ADDED_DAYS days, and at least the NEWLY_ADDED_MIN newest ones,
// whatever their own group. Its sub-categories narrow that set by the products' own sub-category slugs.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';

/** A product published this recently is new. */
export const NEWLY_ADDED_DAYS = 30;
/** The newest this many products are new however old they are: a shop that publishes rarely still has arrivals. */
export const NEWLY_ADDED_MIN = 12;

const DAY_MS = 86_400_000;

export interface NewlyAdded {
  /** Lower-case slugs of the computed groups. */
  slugs: string[];
  /** Products published at or after this instant are new. */
  since: Date;
  /** The next instant at which the clock alone changes the set; null when only a write can. */
  until: Date | null;
}

/**
 * The computed groups and the set's lower bound at `now`: the earlier of the window's start and the
 * NEWLY_ADDED_MIN-th newest publication. The set then changes by the clock alone when the window passes the
 * oldest product it holds that the count rule does not.
 */
export async function newlyAddedAt(db: Db, now: Date): Promise<NewlyAdded> {
  const windowStart = new Date(now.getTime() - NEWLY_ADDED_DAYS * DAY_MS);
  const start = sql`${windowStart.toISOString()}::timestamptz`;
  const result = await db.execute<{ slugs: string[] | null; nth: string | null; next: string | null }>(sql`
    with nth as (
      select published_at from products where is_active and published_at is not null
      order by published_at desc offset ${NEWLY_ADDED_MIN - 1} limit 1
    )
    select
      (select array_agg(lower(slug)) from categories
        where parent_id is null and lower(name) like '%newly added%') as slugs,
      (select published_at from nth) as nth,
      (select min(published_at) from products
        where is_active and published_at >= ${start}
          and published_at < coalesce((select published_at from nth), ${start})) as next`);
  const row = result.rows[0];
  const nth = row?.nth ? new Date(row.nth) : null;
  // Fewer products than the minimum: every published one is new.
  const since = nth === null ? new Date(0) : nth < windowStart ? nth : windowStart;
  const next = row?.next ? new Date(new Date(row.next).getTime() + NEWLY_ADDED_DAYS * DAY_MS) : null;
  return { slugs: row?.slugs ?? [], since, until: next };
}

/**
 * The selection's group condition: the product's own group is one of `groups`, or a computed group is among them
 * and the product is new. `columns` are the SQL of the product's group slug and publication time in the caller's
 * query; `inList` writes a list of slugs as that query does.
 */
export function groupCondition(
  groups: readonly string[],
  newly: NewlyAdded,
  columns: { groupSlug: SQL; publishedAt: SQL },
  inList: (values: readonly string[]) => SQL,
): SQL {
  const own = sql`lower(${columns.groupSlug}) = any(${inList(groups)})`;
  if (!groups.some((slug) => newly.slugs.includes(slug))) return own;
  return sql`(${own} or ${columns.publishedAt} >= ${newly.since.toISOString()}::timestamptz)`;
}
