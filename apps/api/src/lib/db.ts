import type * as schema from '@rangrez/db/schema';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

export type Db = NodePgDatabase<typeof schema>;
