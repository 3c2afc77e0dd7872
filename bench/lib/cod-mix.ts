// The COD confirmation's figure for `npm run bench:checkout` (docs/cod-confirmation.md#figures): 200 mixed orders
// (prepaid paid at the sandbox; cash on delivery confirmed, declined or left waiting), the hand-overs run, then
// how many COD orders the partner holds that were never confirmed, over every order in the run's database. Must
// be 0.
import { sql } from 'drizzle-orm';
import type { createDb } from '@rangrez/db/client';
import type { buildApp } from '../../apps/api/src/app.ts';

type BenchDb = ReturnType<typeof createDb>['db'];
type App = Awaited<ReturnType<typeof buildApp>>;
type Buyer = { id: string; token: string };

const post = async (base: string, path: string, buyer: Buyer, body: unknown, key?: string) => {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${buyer.token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};

/** One prepaid order paid at the sandbox, its webhook delivered. */
async function paidOrder(app: App, base: string, buyer: Buyer, body: Record<string, unknown>, key: string) {
  const started = await post(
    base,
    '/razorpay/initiate-payment',
    buyer,
    { ...body, gateway: 'Prepaid', totalAmount: Number(body.totalAmount) - 50 },
    key,
  );
  const sandbox = app.integrations.razorpaySandbox!;
  await sandbox.pay(String(started.razorpayOrderId), 'success');
  await sandbox.webhooks.deliverPending({ orderId: String(started.razorpayOrderId) });
}

export async function codMixedRun(
  app: App,
  db: BenchDb,
  base: string,
  buyers: readonly Buyer[],
  orderBody: (buyer: Buyer) => Record<string, unknown>,
): Promise<{ placed: number; unconfirmedAtPartner: number; confirmedAtPartner: number }> {
  for (let i = 0; i < 200; i++) {
    const buyer = buyers[i % buyers.length]!;
    const key = `cod-mix-${i}`;
    const fate = ['prepaid', 'confirm', 'cancel', 'leave'][i % 4];
    if (fate === 'prepaid') {
      await paidOrder(app, base, buyer, orderBody(buyer), key);
      continue;
    }
    const placed = await post(base, '/qikink/order', buyer, orderBody(buyer), key);
    if (fate === 'leave') continue;
    await post(base, `/orders/${String(placed.qikinkOrderId)}/cod-confirmation`, buyer, {
      action: fate === 'confirm' ? 'confirm' : 'cancel',
    });
  }
  // The hand-overs and the payments' webhooks; the confirmation messages are not what is measured.
  await app.jobs.runDueJobs({ only: ['payments.webhook', 'fulfilment.submit'] });
  const [row] = (
    await db.execute<{ unconfirmed: number; confirmed: number }>(sql`
      select count(*) filter (where coalesce(o.cod_confirmation, 'confirmed') <> 'confirmed')::int as unconfirmed,
             count(*) filter (where o.cod_confirmation = 'confirmed')::int as confirmed
      from orders o
      where o.payment_method = 'COD'
        and exists (select 1 from shared_state s where s.key like 'qikink.simulated.number.%.' || o.order_number)`)
  ).rows;
  return {
    placed: 200,
    unconfirmedAtPartner: row?.unconfirmed ?? -1,
    confirmedAtPartner: row?.confirmed ?? 0,
  };
}
