import { categories, products } from '@rangrez/db/schema';
import { asc, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../lib/db.ts';

const grp = alias(categories, 'grp');

/** Every active product's id and last change, newest first. */
export function listActiveProductStamps(db: Db) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(desc(products.updatedAt), asc(products.id));
}

/** Every collection route: group and sub-category slugs with the sub-category's last change. */
export function listCollections(db: Db) {
  return db
    .select({ group: grp.slug, sub: categories.slug, updatedAt: categories.updatedAt })
    .from(categories)
    .innerJoin(grp, eq(categories.parentId, grp.id))
    .where(isNull(grp.parentId))
    .orderBy(asc(grp.position), asc(grp.name), asc(categories.position), asc(categories.name));
}
