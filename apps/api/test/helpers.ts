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

const TEST_PASSWORD = 'Test-Password-1';
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

/** A delivery address that passes every checkout rule, e-mail and phone as a person types them. */
export const TEST_ADDRESS = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'Asha.Verma@Example.in',
  phone: '98765 43210',
  doorNo: '12B',
  address: 'Linking Road, Bandra West',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400050',
};

export interface OrderLine {
  productId: string;
  size?: string;
  color?: string;
  quantity?: number | string;
}

/**
 * The body the store's client sends to POST /qikink/order (docs/api.md): cash on delivery, BUY_NOW, each line size
 * M in black, quantity "1" unless it says otherwise.
 */
export function codOrderBody(
  buyer: Pick<SignedInUser, 'userId'>,
  lines: OrderLine[],
  totalAmount: number,
  extra: Record<string, unknown> = {},
) {
  return {
    orderItems: lines.map((l) => ({ size: 'M', color: 'Bk', quantity: '1', ...l })),
    deliveryAddress: TEST_ADDRESS,
    customerId: buyer.userId,
    customerName: 'Asha Verma',
    totalAmount,
    gateway: 'COD',
    gift_wrap: 0,
    rush_order: 0,
    orderType: 'BUY_NOW',
    ...extra,
  };
}

/** What POST /signup answers (docs/api.md#accounts): the client's session. */
export interface SignedUp {
  accessToken: string;
  refreshToken: string;
  user: { _id: string; email: string };
}

export const SIGNUP_PASSWORD = 'Abcdef1!';
let signups = 0;

/**
 * A new user signed up through POST /signup, as the first client does; fails the test unless it is a 201. Each
 * call has its own e-mail (`prefix` says which test file made it). Use signInNewUser where the way in does not
 * matter: it skips the sign-up's password hashing.
 */
export async function signUpThroughApi(
  app: FastifyInstance,
  options: { prefix?: string; firstName?: string; lastName?: string; remoteAddress?: string } = {},
): Promise<SignedUp> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: {
      firstName: options.firstName ?? 'Asha',
      lastName: options.lastName ?? 'Rao',
      email: `${options.prefix ?? 'user'}-${++signups}-${Date.now()}@example.in`,
      password: SIGNUP_PASSWORD,
      phone: '9876543210',
    },
  });
  if (res.statusCode !== 201)
    throw new Error(`signUpThroughApi: signup answered ${res.statusCode} ${res.body}`);
  return res.json() as SignedUp;
}

/** Runs the outbox's sender once, as its periodic job would: every e-mail due is sent (docs/orders-lifecycle.md#e-mail). */
export const sendOutbox = (t: TestApp) => t.app.jobs.runDueJobs({ periodic: true, only: ['outbox.send'] });
