// Invoice numbers under load (docs/gst.md#numbering): 200 orders invoiced at once by two app instances, each with
// its own connection pool on one database, get numbers 1 to 200 of the series with no gap and no duplicate; and
// the series restarts on 1 April, India time.
import { createDb } from '@rangrez/db/client';
import { createProduct } from '@rangrez/db/factories/catalogue';
import { createUser } from '@rangrez/db/factories/users';
import { orderItems, orders, storeSettings, taxDocuments } from '@rangrez/db/schema';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/env.ts';
import type { JobRunner } from '../src/jobs/runner.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { createInvoicesService } from '../src/modules/invoices/index.ts';
import { settingsDefaults, storeSettingsIn } from '../src/modules/settings/index.ts';
import { createTestDatabase, type TestDatabase } from '@rangrez/db/testing/test-db';

const clock = new ManualClock('2026-11-26T06:00:00.000Z');
let database: TestDatabase;
let second: ReturnType<typeof createDb>;
let userId: string;
let productId: string;
let orderSeq = 0;

/** Jobs are not the point here: the PDF jobs are queued into nothing. */
const noJobs = { send: async () => undefined } as unknown as JobRunner;

function instance(db: TestDatabase['db']) {
  const defaults = settingsDefaults(testConfig({ PUBLIC_URL: 'http://shop.test' }));
  return createInvoicesService({
    db,
    clock,
    jobs: noJobs,
    settings: (executor) => storeSettingsIn(executor, defaults),
    dir: '/nonexistent',
  });
}

beforeAll(async () => {
  database = await createTestDatabase({ max: 10 });
  second = createDb(database.url, { max: 10 });
  userId = (await createUser(database.db)).id;
  productId = (await createProduct(database.db, { pricePaise: 79_900, stock: 1000 })).id;
  await database.db.insert(storeSettings).values({ id: 'store', value: { sellerGstin: '27AAPFU0939F1ZV' } });
});
afterAll(async () => {
  await second.close();
  await database.close();
});

/** Confirmed prepaid orders of one ₹799 tee, written directly (the lifecycle is not under test here). */
async function confirmedOrders(count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => {
    orderSeq += 1;
    return {
      orderNumber: `RZN${String(orderSeq).padStart(6, '0')}`,
      userId,
      paymentMethod: 'Prepaid' as const,
      orderType: 'BUY_NOW' as const,
      state: 'confirmed' as const,
      paymentState: 'captured' as const,
      fulfilmentState: 'queued' as const,
      itemCount: 1,
      subtotalPaise: 79_900,
      discountPaise: 30_000,
      shippingPaise: 0,
      totalPaise: 79_900,
      paidPaise: 79_900,
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.in',
      phone: '9876543210',
      doorNo: '12B',
      street: 'Linking Road',
      city: 'Mumbai',
      addressState: 'Maharashtra',
      pincode: '400050',
    };
  });
  const inserted = await database.db.insert(orders).values(rows).returning({ id: orders.id });
  await database.db.insert(orderItems).values(
    inserted.map(({ id }) => ({
      orderId: id,
      productId,
      productName: 'Oversized Tee',
      sku: 'TEE',
      size: 'M',
      color: 'Bk',
      quantity: 1,
      unitPricePaise: 79_900,
      unitMrpPaise: 109_900,
    })),
  );
  return inserted.map((r) => r.id);
}

const invoiceNumbers = async () =>
  (
    await database.db
      .select({ number: taxDocuments.number })
      .from(taxDocuments)
      .where(eq(taxDocuments.kind, 'invoice'))
      .orderBy(asc(taxDocuments.number))
  ).map((r) => r.number);

describe('invoice numbers', () => {
  it('200 orders invoiced at once by two instances: 1 to 200, no gap, no duplicate, one invoice each', async () => {
    const ids = await confirmedOrders(200);
    const a = instance(database.db);
    const b = instance(second.db);
    // Each order twice, once by each instance: the second issue must find the first and issue nothing.
    const issued = await Promise.all(
      ids.flatMap((id, i) => [(i % 2 ? a : b).issueNow(id), (i % 2 ? b : a).issueNow(id)]),
    );
    expect(issued.filter(Boolean)).toHaveLength(200);
    const expected = Array.from({ length: 200 }, (_, i) => `RZ/26-27/${String(i + 1).padStart(6, '0')}`);
    expect(await invoiceNumbers()).toEqual(expected);
  });

  it('restarts the series on 1 April, India time', async () => {
    const [lastOfMarch, firstOfApril] = await confirmedOrders(2);
    const service = instance(database.db);
    // 23:59:59 on 31 March in India is 18:29:59 UTC.
    clock.set('2027-03-31T18:29:59.000Z');
    const march = await service.issueNow(lastOfMarch!);
    clock.set('2027-03-31T18:30:00.000Z');
    const april = await service.issueNow(firstOfApril!);
    expect([march?.number, march?.documentDate, march?.fyStartYear]).toEqual([
      'RZ/26-27/000201',
      '2027-03-31',
      2026,
    ]);
    expect([april?.number, april?.documentDate, april?.fyStartYear]).toEqual([
      'RZ/27-28/000001',
      '2027-04-01',
      2027,
    ]);
  });
});
