import type * as schema from '@rangrez/db/schema';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

export type Db = NodePgDatabase<typeof schema>;
/** What a repository function needs to run its statements: the pool or an open transaction. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
