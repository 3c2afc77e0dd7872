import { categories, media } from '@rangrez/db/schema';
import { asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../lib/db.ts';

export async function listGroupsWithSubcategories(db: Db) {
  const group = alias(categories, 'grp');
  return db
    .select({
      groupName: group.name,
      groupPosition: group.position,
      id: categories.id,
      name: categories.name,
      description: categories.description,
      thumbnailKey: media.key,
    })
    .from(categories)
    .innerJoin(group, eq(categories.parentId, group.id))
    .leftJoin(media, eq(categories.thumbnailId, media.id))
    .where(isNull(group.parentId))
    .orderBy(asc(group.position), asc(group.name), asc(categories.position), asc(categories.name));
}
