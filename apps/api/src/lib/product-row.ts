// A product row as packages/db's schema types it. Repositories select a few of its columns and type the result
// as a Pick of this, so each column's type is written once, in the schema, whichever module reads it.
import type { products } from '@rangrez/db/schema';

export type ProductRow = typeof products.$inferSelect;
