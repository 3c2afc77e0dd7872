// The app in this process on a fresh benchmark database (lib/database.ts), listening on a free local port, with
// the abuse limits (decision 009) and the open COD orders per phone out of the way: a benchmark signs its shoppers
// in and orders from one address within seconds, and would otherwise measure the limits. Also the shoppers it
// needs, signed in through the API as a browser would be, and the printing of its figures.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '@rangrez/db/client';
import { createUser } from '@rangrez/db/factories/users';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/env.ts';
import { hashPassword } from '../../apps/api/src/modules/accounts/passwords.ts';
import { openBenchDatabase } from './database.ts';

export type BenchDb = ReturnType<typeof createDb>['db'];
export type Buyer = { id: string; token: string };

export interface InProcessStore {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: BenchDb;
  /** http://127.0.0.1:port */
  base: string;
  /** Which database it runs on, for the report. */
  kind: string;
}

/** Runs `measure` against the store, and removes the store, its database and its files afterwards. */
export async function withInProcessStore(
  env: Record<string, string>,
  measure: (store: InProcessStore) => Promise<void>,
): Promise<void> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rangrez-bench-'));
  const database = await openBenchDatabase(tmp);
  const handle = createDb(database.url, {
    max: 10,
    applicationName: 'rangrez:bench',
    onError: () => undefined,
  });
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WARM_MEDIA: 'false',
    DATA_DIR: tmp,
    RAZORPAY_SANDBOX_WEBHOOKS: 'manual',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    ORDER_RATE_LIMIT_PER_MINUTE: '1000000',
    COD_MAX_OPEN_PER_PHONE: '1000000',
    ...env,
  });
  const app = await buildApp({ config, db: handle.db });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    await measure({ app, db: handle.db, base, kind: database.kind });
  } finally {
    await app.close();
    await handle.close();
    // pg's pool resolves end() before its sockets have closed; stopping the server under them only adds noise.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await database
      .drop()
      .catch((err: unknown) => console.warn(`could not drop the bench database: ${String(err)}`));
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

/** Every bench account's password, shoppers' and staff's. */
export const BENCH_PASSWORD = 'Bench-Password-1';

/** Creates `count` shoppers and signs each in through the API. */
export async function signedInBuyers(
  db: BenchDb,
  base: string,
  count: number,
  prefix: string,
): Promise<Buyer[]> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const buyers: Buyer[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(db, {
      passwordHash,
      email: `${prefix}-${i}-${randomBytes(3).toString('hex')}@example.in`,
    });
    const res = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: BENCH_PASSWORD }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
    buyers.push({ id: user.id, token: ((await res.json()) as { accessToken: string }).accessToken });
  }
  return buyers;
}

/** The figures as two aligned columns, and what they were measured under. */
export function printRows(rows: ReadonlyArray<readonly [string, string]>): void {
  const width = Math.max(...rows.map(([k]) => k.length));
  process.stdout.write('\n');
  for (const [k, v] of rows) process.stdout.write(`  ${k.padEnd(width)}  ${v}\n`);
  process.stdout.write(
    '\n  (One process serves and loads: the client shares the CPU. Background jobs are not run here.)\n',
  );
}
