import { createUser, type UserInsert } from '@rangrez/db/factories/users';
import { createTestDatabase, type TestDatabase } from '@rangrez/db/testing/test-db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/env.ts';
import type { Clock } from '../src/lib/clock.ts';
import { hashPassword } from '../src/modules/accounts/passwords.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Time for sessions, lockouts and token expiry (a ManualClock from src/lib/clock.ts): no sleeps in tests. */
  clock?: Clock;
}

/** The API (no web pages) on this test file's own fresh database. */
export async function createTestApp(
  env: Record<string, string> = {},
  configure?: (app: FastifyInstance) => Promise<void>,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig({ PUBLIC_URL: 'http://shop.test', ...env }),
    db: database.db,
    configure,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  settleBeforeInject(app);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Catalogue caches are emptied when PostgreSQL delivers a change notification, which is asynchronous: a test that
 * writes the catalogue (directly, or through one request) and reads it back in the very next in-process request can
 * beat the notification. A real client's next request never can (decision 010), so every test request first waits
 * for the notifications of everything committed before it. Tests of the feed itself use the bare app.
 */
function settleBeforeInject(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  (app as { inject: unknown }).inject = (...args: unknown[]) => {
    if (args.length !== 1 || args[0] === undefined) return inject(...args);
    return app.catalogueChanges.settle().then(() => inject(args[0]));
  };
}

export const TEST_PASSWORD = 'Test-Password-1';
// One Argon2 hash for every user a test signs in: hashing is deliberately slow.
let testPasswordHash: Promise<string> | undefined;

export interface SignedInUser {
  userId: string;
  accessToken: string;
  /** `{ authorization: 'Bearer ...' }` for app.inject. */
  headers: { authorization: string };
}

/** A new user (from the factory, with TEST_PASSWORD) signed in through POST /login, as a client would be. */
export async function signInNewUser(t: TestApp, overrides: Partial<UserInsert> = {}): Promise<SignedInUser> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const user = await createUser(t.database.db, { passwordHash: await testPasswordHash, ...overrides });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`signInNewUser: login answered ${res.statusCode} ${res.body}`);
  const { accessToken } = res.json() as { accessToken: string };
  return { userId: user.id, accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}
