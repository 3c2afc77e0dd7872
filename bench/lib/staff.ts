// A staff member of the given role, created in the database and signed in through the admin API as the back
// office would be: the bearer token the admin benches send.
import type { createDb } from '@rangrez/db/client';
import { staff } from '@rangrez/db/schema';
import type { buildApp } from '../../apps/api/src/app.ts';
import { hashPassword } from '../../apps/api/src/modules/accounts/passwords.ts';
import { BENCH_PASSWORD as PASSWORD } from './in-process.ts';

type App = Awaited<ReturnType<typeof buildApp>>;
type Db = ReturnType<typeof createDb>['db'];
type Role = (typeof staff.$inferInsert)['role'];

export async function signInStaff(app: App, db: Db, role: Role): Promise<string> {
  const email = `bench-${role}@staff.test`;
  await db.insert(staff).values({ email, role, passwordHash: await hashPassword(PASSWORD) });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/session',
    payload: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { accessToken: string }).accessToken;
}
